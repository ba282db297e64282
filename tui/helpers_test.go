package tui

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// t0 is the tests' clock.
var t0 = uitest.Now

// testConfig is a config for model tests: no colour, UTC, a fixed clock, and
// a client that is never called unless a command runs.
func testConfig(t testing.TB) Config {
	t.Helper()
	c, err := client.New("http://127.0.0.1:9", client.WithGraph("demo"), client.WithClientID("cli-me"))
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Client:    c,
		Principal: "user:ada",
		Theme:     theme.NewSet(true),
		Now:       func() time.Time { return t0 },
		Location:  time.UTC,
		Editor:    "true",
	}
}

// newModel makes a model of size w x h.
func newModel(t *testing.T, cfg Config, w, h int) *Model {
	t.Helper()
	m := New(cfg)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// feed hands messages to the model, dropping the commands.
func feed(m *Model, msgs ...tea.Msg) {
	for _, msg := range msgs {
		m.Update(msg)
	}
}

// screen is the model's screen as plain text, trailing spaces cut. It is
// drawn again first, for tests that call the model's methods directly
// rather than through Update.
func screen(m *Model) string {
	s := xansi.Strip(m.View().Content)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// Parts of the screen, for goldens at a component's own size: a flow ends
// in a state each component's own test draws too (drawnAs), and a change
// to one part (the status line, say) rewrites only the goldens of that
// part, in its package. The root keeps the goldens of whole screens
// (TestSizes, the take-over between two terminals, the help over a
// screen): a dozen at most.

// drawn draws the screen as the program would and returns the parts, one
// under another, as the person reads them (no styling, no trailing
// spaces).
func drawn(m *Model, parts ...func(*Model) string) string {
	screen(m)
	var out []string
	for _, p := range parts {
		v := p(m)
		if v == "" {
			continue // a part not on screen now: an overlay that does not show
		}
		for _, l := range strings.Split(xansi.Strip(v), "\n") {
			out = append(out, strings.TrimRight(l, " "))
		}
	}
	return strings.Join(out, "\n") + "\n"
}

// The parts: each component's view at the size the layout gave it.
func transcriptPart(m *Model) string { return m.transcript.View() }
func roomPart(m *Model) string       { return m.room.View() }
func queuePart(m *Model) string      { return m.queue.View() }
func leasePart(m *Model) string      { return m.lease.View() }
func statusPart(m *Model) string     { return m.status.View() }
func accountPart(m *Model) string    { return m.accountP.View() }
func composerPart(m *Model) string   { return m.composer.View() }
func pickerPart(m *Model) string     { return m.picker.View() }
func headerPart(m *Model) string     { return strings.Split(m.View().Content, "\n")[0] }

// bodyPart is the screen between its header and its status line: the
// visit's own layout.
func bodyPart(m *Model) string {
	lines := strings.Split(m.View().Content, "\n")
	return strings.Join(lines[1:len(lines)-1], "\n")
}

// visitPart is the visit's own lines and the rule under them: the visit's
// screen between its header and its composer (it shows no account).
func visitPart(m *Model) string {
	lines := strings.Split(bodyPart(m), "\n")
	return strings.Join(lines[:len(lines)-max(m.composer.Height(), 1)], "\n")
}

// overlayPart is the overlay on top, as drawn over the screen's body; ""
// when none shows.
func overlayPart(m *Model) string {
	if o := m.top(); o != nil {
		return o.View()
	}
	return ""
}

// golden compares got with testdata/<Test>/<case>.golden (rewritten with
// -update).
func golden(t *testing.T, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), got, *update)
}

// pkgPart is a part of the screen and the component package that draws it.
type pkgPart struct {
	pkg  string
	draw func(*Model) string
}

// The parts by the packages that draw them.
var (
	transcriptOf = pkgPart{"transcript", transcriptPart}
	roomOf       = pkgPart{"panes", roomPart}
	queueOf      = pkgPart{"panes", queuePart}
	leaseOf      = pkgPart{"panes", leasePart}
	statusOf     = pkgPart{"panes", statusPart}
	accountOf    = pkgPart{"panes", accountPart}
	composerOf   = pkgPart{"composer", composerPart}
	pickerOf     = pkgPart{"picker", pickerPart}
	overlayOf    = pkgPart{"dialog", overlayPart}
	headerOf     = pkgPart{"layout", headerPart}
	visitOf      = pkgPart{"visit", visitPart}
)

// drawnAs compares what the parts draw at the end of a flow with the
// goldens their components' own tests draw from the same state: each
// package's parts, one under another, are
// tui/<pkg>/testdata/<Test>Drawn/<case>.golden. The components' tests write
// them (-update there); the root only reads them.
func drawnAs(t *testing.T, m *Model, parts ...pkgPart) {
	t.Helper()
	test, name, _ := strings.Cut(t.Name(), "/")
	var order []string
	byPkg := map[string][]func(*Model) string{}
	for _, p := range parts {
		if _, ok := byPkg[p.pkg]; !ok {
			order = append(order, p.pkg)
		}
		byPkg[p.pkg] = append(byPkg[p.pkg], p.draw)
	}
	for _, pkg := range order {
		path := filepath.Join(pkg, "testdata", test+"Drawn", filepath.FromSlash(name)+".golden")
		got := drawn(m, byPkg[pkg]...)
		if _, err := os.Stat(path); got == "\n" && errors.Is(err, fs.ErrNotExist) {
			continue // nothing of the package's shows, as its test draws nothing for the case
		}
		goldenfile.Check(t, path, got, false)
	}
}

// Keys as the terminal sends them.
var (
	keyEnter      = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyEsc        = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyCtrlJ      = tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}
	keyAltEnter   = tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt}
	keyShiftEnter = tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift}
	keyCtrlT      = tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl}
	keyCtrlS      = tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	keyCtrlO      = tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}
	keyCtrlE      = tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl}
	keyCtrlN      = tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl}
	keyCtrlR      = tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
	keyCtrlD      = tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl}
	keyCtrlY      = tea.KeyPressMsg{Code: 'y', Mod: tea.ModCtrl}
	keyCtrlG      = tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl}
	keyCtrlX      = tea.KeyPressMsg{Code: 'x', Mod: tea.ModCtrl}
	keyCtrlU      = tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	keyCtrlA      = tea.KeyPressMsg{Code: 'a', Mod: tea.ModCtrl}
	keyCtrlK      = tea.KeyPressMsg{Code: 'k', Mod: tea.ModCtrl}
	keyCtrlW      = tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl}
	keyAltX       = tea.KeyPressMsg{Code: 'x', Mod: tea.ModAlt}
	keyEditor     = keyCtrlG                         // $EDITOR
	keyModelKey   = tea.KeyPressMsg{Code: tea.KeyF5} // the model key dialog
	keyRename     = tea.KeyPressMsg{Code: tea.KeyF6}
	keyClone      = tea.KeyPressMsg{Code: tea.KeyF7}
	keyDelete     = tea.KeyPressMsg{Code: tea.KeyF8}
	keyCtrlEnd    = tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl}
	keyF1         = tea.KeyPressMsg{Code: tea.KeyF1}
	keyF3         = tea.KeyPressMsg{Code: tea.KeyF3}
	keyPgUp       = tea.KeyPressMsg{Code: tea.KeyPgUp}
	keyPgDown     = tea.KeyPressMsg{Code: tea.KeyPgDown}
	keyUp         = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown       = tea.KeyPressMsg{Code: tea.KeyDown}
	keyBackspace  = tea.KeyPressMsg{Code: tea.KeyBackspace}
)

// typing is the key presses of text.
func typing(s string) []tea.Msg {
	var out []tea.Msg
	for _, r := range s {
		out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return out
}

// press is a printable key.
func press(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// summary is a listed session.
func summary(id, title string, updated time.Time, l *client.Lease) client.Summary {
	return uitest.Summary(id, title, updated, l)
}

// lease is a lease until an hour after t0.
func lease(principal, clientID string) *client.Lease { return uitest.Lease(principal, clientID) }

// snapshot is session s1 with a short conversation, driven per l.
func snapshot(l *client.Lease) *client.Snapshot { return uitest.Snapshot(l) }

// open closes the open sessions (releasing their leases) and opens id, as
// the picker does.
func open(m *Model, id string) tea.Cmd { return m.openTiles([]string{id}, 0) }

// entries is the open session's transcript entries.
func entries(m *Model) []client.Entry {
	if m.tiles.Focused() == nil || m.tiles.Focused().State() == nil {
		return nil
	}
	return m.tiles.Focused().State().Entries
}

// opened is the model with session s1 open from snap.
func opened(t *testing.T, cfg Config, w, h int, snap *client.Snapshot, claimErr error) *Model {
	t.Helper()
	m := newModel(t, cfg, w, h)
	open(m, "s1")
	msg := session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snap, ClaimErr: claimErr}
	if claimErr == nil && !cfg.Watch {
		msg.Claim = &client.Claimed{Lease: *snap.Session.Lease}
	}
	feed(m, msg, session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming}})
	return m
}

// event is a durable event of s1.
func event(seq int64, typ string, value string) session.EventMsg {
	return session.EventMsg{Ev: client.Event{Protocol: client.Protocol, Type: typ, Seq: seq, SessionID: "s1",
		At: t0.Add(time.Duration(seq) * time.Second).Format(time.RFC3339), Value: []byte(value)}}
}

// on gives an event message the model's current generation.
func on(m *Model, e session.EventMsg) session.EventMsg {
	e.Gen = m.tiles.Gen()
	return e
}

// delta is a message.delta of s1.
func delta(m *Model, messageID, text string) session.EventMsg {
	v := fmt.Sprintf(`{"runId":"r1","messageId":%q,"delta":%q}`, messageID, text)
	return session.EventMsg{Gen: m.tiles.Gen(), Ev: client.Event{Protocol: client.Protocol, Type: client.EvMessageDelta,
		SessionID: "s1", At: t0.Format(time.RFC3339), Value: []byte(v)}}
}
