package reader

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// commandHelp is each command and what it does, in the order /help lists
// them.
var commandHelp = [][2]string{
	{"TEXT", "plain text sends: a prompt while idle, a follow-up while a run is under way"},
	{"/steer TEXT", "steers the run under way"},
	{"/abort", "stops the run under way"},
	{"/again", "sends again the text that did not go"},
	{"/history N", "reads the last N entries again (10 without N)"},
	{"/take", "takes the lease over from your other terminal"},
	{"/chimes", "lists the waiting chimes, numbered"},
	{"/accept N", "sends chime N to the assistant"},
	{"/reject N", "declines chime N"},
	{"/sessions", "lists your sessions, numbered: a number opens one"},
	{"/new", "starts a new session"},
	{"/delete N", "deletes session N of the last list, after asking"},
	{"/cancel", "drops the waiting question"},
	{"/help", "lists the commands"},
	{"/quit", "leaves, giving the lease up"},
	{"//TEXT", "sends text that starts with /"},
	{"a line ending in \\", "goes on on the next line: the text is sent with the line that does not end in one"},
}

// command runs a line that starts with /.
func (r *reader) command(line string) {
	name, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(name) {
	case "/help":
		r.help()
	case "/quit":
		r.leave()
	case "/cancel":
		r.cancelQuestion()
	case "/sessions":
		r.showSessions()
	case "/new":
		r.newSession()
	case "/delete":
		r.confirmDelete(arg)
	case "/again":
		r.again()
	default:
		r.sessionCommand(strings.ToLower(name), arg)
	}
}

// sessionCommand runs a command that needs an open session.
func (r *reader) sessionCommand(name, arg string) {
	known := map[string]bool{"/steer": true, "/abort": true, "/take": true, "/chimes": true, "/accept": true, "/reject": true, "/history": true}
	if !known[name] {
		r.say("%s is not a command: /help lists them. To send text that starts with /, begin the line with //.", clean(name))
		return
	}
	s := r.sess
	if s == nil {
		if name == "/steer" && arg != "" {
			r.keep(arg)
		}
		r.say("no session is open: /sessions lists them, /new starts one.")
		return
	}
	switch name {
	case "/steer":
		r.steer(s, arg)
	case "/abort":
		r.abort(s)
	case "/take":
		r.take()
	case "/chimes":
		r.listChimes(s)
	case "/accept", "/reject":
		r.resolveChime(s, name == "/accept", arg)
	case "/history":
		r.history(s, arg)
	}
}

// help lists the commands.
func (r *reader) help() {
	r.say("commands:")
	for _, c := range commandHelp {
		r.say("%s: %s", c[0], c[1])
	}
	r.say("when a numbered question waits, answer it by number.")
}

// newSession starts a new session, unless watching.
func (r *reader) newSession() {
	if r.cfg.Watch {
		r.say("watching is read-only: vehicle --new starts a session.")
		return
	}
	r.create()
}

// sortNewest orders sessions by their last change, newest first.
func sortNewest(list []client.Summary) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].UpdatedAt.After(list[j].UpdatedAt) })
}

// abort stops the run under way.
func (r *reader) abort(s *session) {
	if s.state.Run != client.RunRunning {
		r.say("nothing is running: there is nothing to abort.")
		return
	}
	if r.readOnly() {
		return
	}
	ctx, cancel := r.request()
	defer cancel()
	if _, err := r.c.Abort(ctx, s.id); err != nil {
		r.refused("could not abort", err, "")
		return
	}
	r.say("aborting the run.")
}

// take claims the lease, taking it over from the person's other terminal.
func (r *reader) take() {
	s := r.sess
	if s == nil || r.readOnly() {
		return
	}
	if rel, _ := s.state.Lease(); rel == client.LeaseMine {
		r.say("you already drive from this terminal.")
		return
	}
	ctx, cancel := r.request()
	defer cancel()
	claim, err := r.c.Claim(ctx, s.id, r.claimOptions(client.Takeover())...)
	if err != nil {
		r.refused("could not take over", err, "")
		return
	}
	// The state holds the new lease at once: the other terminal's lease
	// ending, which the stream tells next, is then not taken for this one's.
	l := claim.Lease
	s.state.Session.Lease = &l
	if s.rel != client.LeaseMine { // the stream's lease event then says nothing more
		s.rel = client.LeaseMine
		r.say("you drive from this terminal.")
	}
}

// listChimes lists the waiting chimes, numbered.
func (r *reader) listChimes(s *session) {
	cs := s.state.Chimes
	if len(cs) == 0 {
		r.say("no chimes are waiting.")
		return
	}
	r.say("%s waiting:", plural(len(cs), "chime"))
	for i, c := range cs {
		r.say("%d. from %s: %s", i+1, clean(orWords(c.Author, "someone")), clean(r.c.Scrub(c.Text)))
	}
	r.say("/accept N sends chime N to the assistant, /reject N declines it.")
}

// resolveChime accepts or rejects chime number arg of /chimes.
func (r *reader) resolveChime(s *session, accept bool, arg string) {
	cs := s.state.Chimes
	if arg == "" && len(cs) == 1 {
		arg = "1" // the only one
	}
	n, err := strconv.Atoi(arg)
	switch {
	case len(cs) == 0:
		r.say("no chimes are waiting.")
		return
	case err != nil || n < 1 || n > len(cs):
		r.say("there is no chime %s: give a number from 1 to %d (/chimes lists them).", orWords(clean(arg), "without a number"), len(cs))
		return
	}
	if r.readOnly() {
		return
	}
	c := cs[n-1]
	ctx, cancel := r.request()
	defer cancel()
	if accept {
		_, err = r.c.AcceptChime(ctx, s.id, c.ChimeID)
	} else {
		_, err = r.c.RejectChime(ctx, s.id, c.ChimeID)
	}
	if err != nil {
		r.refused("could not answer the chime", err, "")
		return
	}
	done := "rejected"
	if accept {
		done = "accepted"
	}
	r.say("%s the chime from %s.", done, clean(orWords(c.Author, "someone")))
}

// readOnly says so and reports true when this terminal only watches.
func (r *reader) readOnly() bool {
	if r.cfg.Watch {
		r.say("watching is read-only: vehicle --session ID drives the session.")
		return true
	}
	return false
}

// history writes the last n entries written out again (10 without n).
func (r *reader) history(s *session, arg string) {
	n, err := strconv.Atoi(arg)
	switch {
	case arg == "":
		n = historyShown
	case err != nil || n < 1:
		r.say("/history takes a number of entries, for example /history 20.")
		return
	}
	from := max(s.printed-n, 0)
	if from == s.printed {
		r.say("nothing has been said in this session yet.")
		return
	}
	if k := s.printed - from; k == 1 {
		r.say("the last entry, again:")
	} else {
		r.say("the last %d entries, again:", k)
	}
	for i := from; i < s.printed; i++ {
		if !s.skip[i] {
			r.printEntry(&s.state.Entries[i])
		}
	}
	r.say("end of the history.")
}

// leave ends the mode on /quit; with a message whose answer was lost it
// says so first, with its text, and leaves at the second /quit.
func (r *reader) leave() {
	if u := r.unsent; u != nil && u.lost && r.quitAsked != u.requestID {
		r.quitAsked = u.requestID
		r.say("your text %q has no answer from the host yet: it may or may not have gone in. "+
			"/again sends the same request (the host runs it once); /quit again leaves anyway.", clean(u.text))
		return
	}
	r.quit = true
}
