package reader

import (
	"strconv"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// question is a menu or a dialog: numbered options answered by number.
type question struct {
	title   string
	options []option
}

// option is one numbered answer and what it does.
type option struct {
	label string
	do    func()
}

// askQuestion writes a question and its numbered options and waits for a
// number.
func (r *reader) askQuestion(q *question) {
	r.ask = q
	r.say("%s", q.title)
	for i, o := range q.options {
		r.say("%d. %s", i+1, o.label)
	}
	r.say("answer by number, or /cancel.")
}

// answer takes a line typed while a question waits: a number picks an
// option; anything else is kept for /again and the question stays.
func (r *reader) answer(text string) {
	q := r.ask
	text = strings.TrimSuffix(strings.TrimSpace(text), ".")
	n, err := strconv.Atoi(text)
	if err != nil && numeric(text) {
		r.say("there is no %s here: answer 1 to %d, or /cancel.", text, len(q.options))
		return
	}
	if err != nil {
		r.keep(text)
		r.say("a question is waiting: answer 1 to %d, or /cancel. What you typed is kept: /again sends it.", len(q.options))
		return
	}
	if n < 1 || n > len(q.options) {
		r.say("there is no %d here: answer 1 to %d, or /cancel.", n, len(q.options))
		return
	}
	r.ask = nil
	q.options[n-1].do()
}

// cancelQuestion drops the waiting question.
func (r *reader) cancelQuestion() {
	if r.ask == nil && r.keyWait == nil {
		r.say("no question is waiting.")
		return
	}
	r.ask, r.keyWait = nil, nil
	switch {
	case r.sess != nil:
		r.say("cancelled. You are in %q.", clean(r.sess.state.Title()))
	case r.visit != "":
		r.say("cancelled.")
	default:
		r.say("cancelled. No session is open: /sessions lists them, /new starts one, /quit leaves.")
	}
}

// showSessions lists the person's sessions, newest first, as a numbered
// question: a number opens one; the last option starts a new one.
func (r *reader) showSessions() {
	ctx, cancel := r.request()
	defer cancel()
	list, err := r.c.List(ctx)
	if err != nil {
		r.refused("could not list the sessions", err, "/sessions tries again")
		return
	}
	sortNewest(list)
	r.listed = list
	q := &question{title: "your sessions, newest first:"}
	if len(list) == 0 {
		q.title = "you have no sessions yet."
	}
	for _, s := range list {
		id := s.SessionID
		q.options = append(q.options, option{label: sessionLabel(s), do: func() { r.open(id) }})
	}
	if !r.cfg.Watch {
		q.options = append(q.options, option{label: "start a new session", do: r.create})
	}
	if len(q.options) == 0 {
		r.say("you have no sessions to watch: /quit leaves.")
		return
	}
	r.askQuestion(q)
	if len(list) > 0 && !r.cfg.Watch {
		r.say("/delete N deletes session N of this list.")
	}
}

// sessionLabel is one session of the list in words.
func sessionLabel(s client.Summary) string {
	words := []string{clean(s.DisplayTitle())}
	if s.Status != "" {
		words = append(words, clean(s.Status))
	}
	words = append(words, plural(s.Turns, "turn"))
	return strings.Join(words, ", ")
}

// plural is n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// confirmDelete asks before deleting session n of the last list.
func (r *reader) confirmDelete(arg string) {
	n, err := strconv.Atoi(strings.TrimSpace(arg))
	switch {
	case arg == "":
		r.say("/delete takes the number of a session: /delete N (/sessions lists them).")
		return
	case len(r.listed) == 0:
		r.say("no sessions are listed: /sessions lists them, then /delete N deletes number N.")
		return
	case err != nil || n < 1 || n > len(r.listed):
		r.say("there is no session %s in the list: /delete takes a number from 1 to %d (/sessions lists them).", clean(arg), len(r.listed))
		return
	}
	s := r.listed[n-1]
	r.askQuestion(&question{
		title: "delete " + strconv.Quote(clean(s.DisplayTitle())) + "? It goes to the host's trash.",
		options: []option{
			{"delete it", func() { r.deleteSession(s) }},
			{"keep it", func() { r.say("kept %q.", clean(s.DisplayTitle())) }},
		},
	})
}

// deleteSession deletes a session; the open one is closed first.
func (r *reader) deleteSession(s client.Summary) {
	if r.sess != nil && r.sess.id == s.SessionID {
		r.closeSession(true)
	}
	ctx, cancel := r.request()
	defer cancel()
	out, err := r.c.Delete(ctx, s.SessionID)
	if err != nil {
		r.refused("could not delete "+strconv.Quote(clean(s.DisplayTitle())), err, "/sessions lists them again")
		return
	}
	r.listed = nil
	r.say("deleted %q.", clean(s.DisplayTitle()))
	if out.MirrorErr != nil {
		r.say("its record in the graph was not moved to the Trash: %s", clean(out.MirrorErr.Error()))
	}
	if r.sess == nil {
		r.say("/sessions lists the others, /new starts one.")
	}
}

// numeric reports whether s is digits, after an optional minus sign.
func numeric(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}
