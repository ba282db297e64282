// Package reader is the screen-reader mode of vehicle: a line-oriented front
// end for people who cannot see the screen. It writes each new line of the
// conversation to the terminal's scrollback once, labelled, with no colours,
// no box drawing and no cursor movement, and reads what the person types a
// line at a time: plain text sends, lines starting with / are commands, and
// menus are numbered lists answered by number.
package reader

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// requestTimeout bounds one request (streams are not bounded).
const requestTimeout = 30 * time.Second

// Config is what the mode needs: the client, the terminal's input and
// output, and which session to open, as for the TUI.
type Config struct {
	Client     *client.Client
	In         io.Reader // lines the person types; its end quits once a run settles
	Out        io.Writer // the lines written for the person
	SessionID  string    // open this session; "" lists the sessions to pick from
	New        bool      // start a new session
	NewSession client.CreateRequest
	Watch      bool          // read-only: never claim the lease nor send
	NoClaim    bool          // open without claiming the lease
	ClaimTTL   time.Duration // the ttl of every lease it claims (0: the host's)
	Chime      bool          // SessionID is another person's session: plain text chimes into it

	ModelKeyEnv  string             // the variable a model key can be given in, for messages
	SaveModelKey func(string) error // saves a key in the OS keyring; nil when there is none
}

// lineMsg is one line the person typed, or the end of the input.
type lineMsg struct {
	text string
	eof  bool
}

// eventMsg is one event of the open session's stream, or its end.
type eventMsg struct {
	gen int
	ev  client.Event
	end bool
	err error
}

// reader is the running mode: everything is done on Run's goroutine but
// reading the input and the stream.
type reader struct {
	cfg       Config
	ctx       context.Context
	c         *client.Client
	me        client.Me
	gen       int
	sess      *session
	visit     string           // the session chimed into (Chime)
	ask       *question        // the numbered question waiting for an answer
	keyWait   *keyWait         // the next line is a model key
	unsent    *outgoing        // text that did not go: /again sends it
	listed    []client.Summary // the sessions of the last list, by number
	events    chan eventMsg    // the stream's events
	conns     chan connMsg     // the stream's connection changes
	ticks     chan int         // the lease timer of a session, by generation
	present   bool             // a line was typed since the lease was last renewed
	quit      bool             // leave the loop
	quitAsked string           // the request /quit said has no answer yet: the next /quit leaves
	ending    bool             // the input ended: quit once the run settles
	lines     <-chan lineMsg   // the input's lines
	partial   string           // lines ended with a backslash: the text goes on
}

// Run runs the mode until the person quits (/quit or the end of the
// input once a run settles) or ctx ends, then gives up the lease this
// terminal holds. It returns an error only when it cannot start.
func Run(ctx context.Context, cfg Config) error {
	if cfg.Client == nil || cfg.In == nil || cfg.Out == nil {
		return fmt.Errorf("the screen-reader mode needs a client, an input and an output")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lines := make(chan lineMsg)
	go readLines(ctx, cfg.In, lines)
	r := &reader{cfg: cfg, ctx: ctx, c: cfg.Client, me: client.Me{ClientID: cfg.Client.ClientID()}, lines: lines,
		events: make(chan eventMsg, 64), conns: make(chan connMsg, 8), ticks: make(chan int, 1)}
	r.start()
	r.loop()
	r.closeSession(true)
	return nil
}

// loop handles lines and events until the person quits.
func (r *reader) loop() {
	for !r.quit {
		select {
		case <-r.ctx.Done():
			return
		case l := <-r.lines:
			r.onLine(l)
		case e := <-r.events:
			r.onEvent(e)
		case c := <-r.conns:
			r.onConn(c)
		case gen := <-r.ticks:
			r.onLeaseTick(gen)
		}
	}
}

// start opens what the configuration names: a chime visit, a session, a new
// session, or the list of sessions.
func (r *reader) start() {
	r.say("vehicle, screen-reader mode. /help lists the commands.")
	switch {
	case r.cfg.Chime && r.cfg.SessionID != "":
		r.visit = r.cfg.SessionID
		r.say("chiming into %s: what you type goes to its driver as a chime, with your name.", clean(r.visit))
	case r.cfg.SessionID != "":
		r.open(r.cfg.SessionID)
	case r.cfg.New && !r.cfg.Watch:
		r.create()
	default:
		r.showSessions()
	}
}

// readLines sends each line of in, then its end; it stops when ctx ends.
func readLines(ctx context.Context, in io.Reader, out chan<- lineMsg) {
	br := bufio.NewReader(in)
	for {
		s, err := br.ReadString('\n')
		if s != "" {
			select {
			case out <- lineMsg{text: strings.TrimRight(s, "\r\n")}:
			case <-ctx.Done():
				return
			}
		}
		if err != nil {
			select {
			case out <- lineMsg{eof: true}:
			case <-ctx.Done():
			}
			return
		}
	}
}

// request is a context for one request.
func (r *reader) request() (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.ctx, requestTimeout)
}

// say writes one line (or more, when the text has newlines) for the person.
func (r *reader) say(format string, args ...any) {
	s := format
	if len(args) > 0 {
		s = fmt.Sprintf(format, args...)
	}
	_, _ = io.WriteString(r.cfg.Out, s+"\n")
}

// clean makes one line of host text inert: control characters and escape
// sequences are shown as visible pictures, never sent to the terminal.
func clean(s string) string { return ui.SanitizeLine(s) }

// cleanText is clean for text of several lines.
func cleanText(s string) string { return ui.Sanitize(s) }

// onLine handles one line the person typed.
func (r *reader) onLine(l lineMsg) {
	r.present = true
	if r.keyWait != nil && !l.eof {
		r.takeKey(l.text)
		return
	}
	if !l.eof && strings.HasSuffix(l.text, `\`) {
		r.partial += strings.TrimSuffix(l.text, `\`) + "\n"
		return
	}
	whole := r.partial + l.text
	r.partial = ""
	if l.eof {
		if strings.TrimSpace(whole) != "" {
			r.onLine(lineMsg{text: whole})
		}
		r.inputEnded()
		return
	}
	text := strings.TrimSpace(whole)
	switch {
	case text == "":
	case strings.HasPrefix(text, "//"):
		r.sendText(text[1:])
	case strings.HasPrefix(text, "/"):
		r.command(text)
	case r.ask != nil:
		r.answer(text)
	default:
		r.sendText(text)
	}
}

// inputEnded quits, once the run under way has settled.
func (r *reader) inputEnded() {
	s := r.sess
	if s != nil && (s.state.Run == client.RunRunning || s.expect) && !r.ending {
		r.ending = true
		r.say("the input ended: quitting once the run settles.")
		return
	}
	r.quit = true
}
