package typingsafety

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// waitLimit bounds every wait for a screen or for the model to settle.
const waitLimit = 10 * time.Second

// rig is one model on a reference host of its own, run as Bubble Tea runs
// it: every command in a goroutine, every answer back through Update on
// the test's goroutine. It keeps what the harness asserts on: the commands
// still running, whether one quit or lent the terminal to a program, and
// the answers dialogs gave.
type rig struct {
	t    *testing.T
	srv  *vehicletest.Server
	m    *tui.Model
	msgs chan tea.Msg
	done chan struct{}

	mu      sync.Mutex
	running map[int]string // commands under way, by number: their function's name
	typing  map[int]bool   // those started while the person typed
	next    int
	ended   chan struct{} // a command ended (buffered: one wake-up for many)
	quit    bool          // a command answered tea.Quit
	lent    []string      // the programs the terminal was lent to (tea.Exec: $EDITOR)

	token    string // the person the model is (ada by default)
	clientID string // this terminal
	gate     gate   // the model's way to the host
	held     bool   // a driver left a request held on purpose: no settling before the keys

	watch   bool     // the keys typed are the person's: record what dialogs answer
	answers []answer // what dialogs answered while the person typed
}

// answer is an action a dialog reported.
type answer struct {
	dialog string // the dialog's type (*dialog.Offer)
	action string // the action's type (dialog.TakeOver)
}

// t0 is the clock of the host and the model: it stands still, so a lease
// never runs out while a case runs and two presses are always quick.
var t0 = uitest.Now

// newRig is a rig with no host yet: serve starts it, or the first
// request of a driver does.
func newRig(t *testing.T) *rig {
	t.Helper()
	r := &rig{t: t, msgs: make(chan tea.Msg, 512), done: make(chan struct{}),
		running: map[int]string{}, typing: map[int]bool{}, ended: make(chan struct{}, 1),
		token: "ada-token", clientID: myClient}
	t.Cleanup(func() { close(r.done) })
	return r
}

// serve starts the reference host on loopback, on a clock that stands still
// and with numbered ids, and opts.
func (r *rig) serve(opts ...vehicletest.Option) {
	r.t.Helper()
	r.srv = vehicletest.NewServer(r.t, append([]vehicletest.Option{vehicletest.WithDeterministicIDs(),
		vehicletest.WithClock(func() time.Time { return t0 })}, opts...)...)
}

// host is the reference host, started with the defaults when no driver
// started it.
func (r *rig) host() *vehicletest.Server {
	if r.srv == nil {
		r.serve()
	}
	return r.srv
}

// myClient is this terminal's client id.
const myClient = "cli-me"

// start starts the model of the person (r.token, on this terminal) at
// 100x30, configured by cfg (nil: the defaults), and runs its Init. Its
// requests go through the rig's gate.
func (r *rig) start(cfg func(*tui.Config)) {
	r.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r.t.Cleanup(cancel)
	hc := &http.Client{Transport: &r.gate}
	c, err := client.New(r.host().URL, client.WithGraph("demo"), client.WithToken(r.token), client.WithClientID(r.clientID),
		client.WithHTTPClient(hc), client.WithRetry(client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}))
	if err != nil {
		r.t.Fatal(err)
	}
	conf := tui.Config{Client: c, Context: ctx, Theme: theme.NewSet(true), Location: time.UTC, Editor: "true",
		Now: func() time.Time { return t0 }, FlushEvery: 5 * time.Millisecond, ClaimTTL: time.Hour, NoBell: true}
	if cfg != nil {
		cfg(&conf)
	}
	r.m = tui.New(conf)
	r.m.TapActions(r.tap)
	r.m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	r.run(r.m.Init())
}

// person is a client of graph demo with a token and a client id.
func (r *rig) person(token, clientID string) *client.Client {
	r.t.Helper()
	c, err := client.New(r.host().URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(clientID))
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

// gate is the model's way to the host: it refuses the requests refuse
// picks (the host is down for them) and holds those hold picks until the
// model ends (the host never answers them); the others go on.
type gate struct {
	mu     sync.Mutex
	refuse func(*http.Request) bool
	hold   func(*http.Request) bool
}

// set changes what the gate refuses and holds (nil: nothing).
func (g *gate) set(refuse, hold func(*http.Request) bool) {
	g.mu.Lock()
	g.refuse, g.hold = refuse, hold
	g.mu.Unlock()
}

// RoundTrip sends r on, unless the gate refuses or holds it.
func (g *gate) RoundTrip(r *http.Request) (*http.Response, error) {
	g.mu.Lock()
	refuse, hold := g.refuse, g.hold
	g.mu.Unlock()
	switch {
	case refuse != nil && refuse(r):
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	case hold != nil && hold(r):
		<-r.Context().Done()
		return nil, r.Context().Err()
	}
	return http.DefaultTransport.RoundTrip(r)
}

// tap records what a dialog answered while the person typed.
func (r *rig) tap(a ui.Action, from ui.Component) {
	if !r.watch || from == nil {
		return
	}
	name := fmt.Sprintf("%T", from)
	if !strings.HasPrefix(name, "*dialog.") {
		return
	}
	r.answers = append(r.answers, answer{dialog: name, action: fmt.Sprintf("%T", a)})
}

// run runs a command in the background as the program would, each command
// of a Batch on its own, and queues its answer. It keeps the command's name
// while it runs, marked as the person's when they are typing.
func (r *rig) run(cmd tea.Cmd) { r.runAs(cmd, r.watch) }

// runAs is run, the command marked as started by typing or not.
func (r *rig) runAs(cmd tea.Cmd, typed bool) {
	if cmd == nil {
		return
	}
	r.mu.Lock()
	id := r.next
	r.next++
	r.running[id] = cmdName(cmd)
	if typed {
		r.typing[id] = true
	}
	r.mu.Unlock()
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				r.runAs(c, typed)
			}
			msg = nil
		}
		if msg != nil {
			select {
			case r.msgs <- msg:
			case <-r.done:
			}
		}
		r.mu.Lock()
		delete(r.running, id)
		delete(r.typing, id)
		r.mu.Unlock()
		select {
		case r.ended <- struct{}{}:
		default:
		}
	}()
}

// cmdName is the name of a command's function, as the runtime knows it
// ("github.com/.../tui/session.openStream.func1").
func cmdName(cmd tea.Cmd) string {
	f := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	if f == nil {
		return "?"
	}
	return f.Name()
}

// send hands messages to the model, one by one, and runs their commands.
func (r *rig) send(msgs ...tea.Msg) {
	for _, msg := range msgs {
		switch name := fmt.Sprintf("%T", msg); {
		case name == "tea.QuitMsg":
			r.quit = true
			continue
		case name == "tea.execMsg":
			r.lent = append(r.lent, name)
			continue
		}
		_, cmd := r.m.Update(msg)
		r.run(cmd)
	}
}

// drain handles the answers already queued, waiting for none.
func (r *rig) drain() {
	for {
		select {
		case msg := <-r.msgs:
			r.send(msg)
		default:
			return
		}
	}
}

// view is the model as the harness reads it.
func (r *rig) view() tui.HarnessView { return r.m.Harness() }

// screen is the model's screen as plain text.
func (r *rig) screen() string { return plain(r.m.View().Content) }

// plain is a screen without styling and trailing spaces.
func plain(s string) string {
	lines := strings.Split(xansi.Strip(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// until handles the model's answers until ok holds.
func (r *rig) until(what string, ok func(tui.HarnessView) bool) {
	r.t.Helper()
	r.wait(what, func() bool { return ok(r.view()) })
}

// wait handles the model's answers until ok holds.
func (r *rig) wait(what string, ok func() bool) {
	r.t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for !ok() {
		select {
		case msg := <-r.msgs:
			r.send(msg)
			r.drain() // what came meanwhile, before looking again
		case <-deadline.C:
			r.t.Fatalf("waited %v for %s; the screen:\n%s", waitLimit, what, r.screen())
		}
	}
}

// see waits until the screen shows every text (a dialog's wrapped lines
// read as one: its borders out, runs of spaces as one).
func (r *rig) see(texts ...string) {
	r.t.Helper()
	r.wait(strings.Join(texts, " and "), func() bool {
		s := boxed(r.screen())
		for _, t := range texts {
			if !strings.Contains(s, boxed(t)) {
				return false
			}
		}
		return true
	})
}

// boxed is a screen's text with the dialogs' borders taken out and every
// run of spaces made one, so that wrapped sentences are found whole.
func boxed(s string) string {
	s = strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// waiting reports whether a command is one that waits by design (a tick, a
// stream's next events) rather than one that answers at once: settle does
// not wait for it. A command that does not end and is not named here fails
// settle, which names it.
func waiting(name string) bool {
	for _, w := range waiters {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// waiters are the commands that wait by design, by the names of their
// functions.
var waiters = []string{
	".Tick.func",  // tea.Tick: the flush, the picker's polls and rests, the lazy fold
	"quietTick.",  // the lease line's countdown, the lease's own timer, the spinner
	"nextEvents.", // a session's stream: its next events
	"nextConn.",   // a session's stream: its next change of connection
}

// settle handles the model's answers until every command started while the
// person typed (and those their answers started; all of them when all) has
// ended, but those that wait by design: the requests they made have then
// reached the host.
func (r *rig) settle(all bool) {
	r.t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for {
		r.drain()
		busy := r.busy(all)
		if len(busy) == 0 {
			return
		}
		select {
		case msg := <-r.msgs:
			r.send(msg)
		case <-r.ended:
		case <-deadline.C:
			r.t.Fatalf("commands still run after %v: %s (if one waits by design, name it in waiters)",
				waitLimit, strings.Join(busy, ", "))
		}
	}
}

// busy names the commands that still run and do not wait by design: those
// started while the person typed, or all.
func (r *rig) busy(all bool) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for id, name := range r.running {
		if (all || r.typing[id]) && !waiting(name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
