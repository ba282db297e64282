package picker

import (
	"errors"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/<Test>/<name>.golden (rewritten with
// -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name()), name+".golden"), got, *update)
}

// plain is the picker's view as the person reads it: no styling, no
// trailing spaces.
func plain(p *Picker) string {
	lines := strings.Split(xansi.Strip(p.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// flat is the picker's words on one line, however they wrap.
func flat(p *Picker) string { return strings.Join(strings.Fields(xansi.Strip(p.View())), " ") }

// unspaced is s without its spaces, for words that wrap where no space was.
func unspaced(s string) string { return strings.Join(strings.Fields(s), "") }

// host is where the sessions are listed.
var host = Host{Gardend: "http://127.0.0.1:7777", Service: "http://127.0.0.1:7777/vehicle", Graph: "demo"}

// failing is a picker at w x h whose listing failed with err, and what
// taking the failure reported.
func failing(t *testing.T, h Host, err error, w, height int) (*Picker, ui.Action) {
	t.Helper()
	p := NewPicker(uitest.Context(), h, 0)
	p.SetSize(w, height)
	list := p.Reload("")
	_, act := p.Update(ListedMsg{Gen: list.(List).Gen, Err: err})
	return p, act
}

// TestFailedListingScreen (trap 6): a listing that fails is its own screen,
// never an empty list: what failed, whole and inert, what to do about it
// for each kind of failure, and the keys that try again and show the
// errors.
func TestFailedListingScreen(t *testing.T) {
	transport := &wire.TransportError{Method: "GET", URL: "http://127.0.0.1:7777/vehicle/sessions", Attempts: 3,
		Err: errors.New("connection refused")}
	cases := []struct {
		name    string
		visitor bool
		err     error
		what    string
		advice  string
	}{
		{"unreachable", false, transport, "no answer to GET http://127.0.0.1:7777/vehicle/sessions after 3 attempt(s): connection refused",
			"Nothing answered at http://127.0.0.1:7777. Is gardend running there? Give its address with --gardend or VEHICLE_GARDEND."},
		{"token refused", false, &wire.Error{Status: 401, Code: wire.CodeUnauthenticated, Message: "bad token"},
			"unauthenticated (HTTP 401): bad token",
			"gardend did not accept the token in use (VEHICLE_TOKEN, the key file or the keyring). Run vehicle login to sign in again."},
		{"visitor refused", true, &wire.Error{Status: 401, Code: wire.CodeUnauthenticated, Message: "who?"},
			"unauthenticated (HTTP 401): who?", "gardend did not accept the visitor id in use."},
		{"wrong mount", false, &wire.Error{Status: 404, Code: wire.CodeNotFound, Message: "no route"},
			"not_found (HTTP 404): no route",
			"gardend answered 404 at http://127.0.0.1:7777/vehicle: the service may be mounted elsewhere. Give the mount with --mount or VEHICLE_MOUNT"},
		{"wrong graph", false, &wire.Error{Status: 404, Code: wire.CodeNotFound, Message: "unknown Graph nope"},
			"not_found (HTTP 404): unknown Graph nope",
			"The host answered: it knows no graph demo that you may use (a wrong name, or no role of yours on it). Check the name given with --graph or VEHICLE_GRAPH"},
		{"no role", false, &wire.Error{Status: 403, Code: "forbidden", Message: "viewers may not"},
			"forbidden (HTTP 403): viewers may not",
			"Your role on graph demo does not allow this. Ask its owner, or choose another graph with --graph."},
		{"host failed", false, &wire.Error{Status: 500, Code: "internal", Message: "boom\x1b[2J\nagain"},
			"internal (HTTP 500): boom␛[2J again",
			"The host at http://127.0.0.1:7777/vehicle refused the listing. Try again, or see the host's log."},
		{"plain error", false, errors.New("odd\x07"), "odd␇", "refused the listing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := host
			h.Visitor = c.visitor
			p, act := failing(t, h, c.err, 100, 24)
			if f, ok := act.(ui.Failed); !ok || f.Err != c.err {
				t.Errorf("the failure reported %#v, want ui.Failed of it", act)
			}
			got := flat(p)
			for _, w := range []string{"✗ Your sessions could not be listed.", c.what, c.advice,
				"enter tries again · f3 shows the errors so far"} {
				if !strings.Contains(unspaced(got), unspaced(w)) { // a flag may wrap at its hyphens
					t.Errorf("the screen does not say %q:\n%s", w, plain(p))
				}
			}
			if strings.Contains(got, "No sessions yet") || strings.Contains(got, "type to filter") {
				t.Errorf("a failed listing looks like a list:\n%s", plain(p))
			}
			uitest.CheckInert(t, p.View())
			if p.Facts() != "listing failed" {
				t.Errorf("the header says %q", p.Facts())
			}
			if n := strings.Count(p.View(), "\n") + 1; n != 24 {
				t.Errorf("%d lines, not 24", n)
			}
		})
	}
}

// TestFailedListingNarrow wraps every line of the screen to its width.
func TestFailedListingNarrow(t *testing.T) {
	p, _ := failing(t, host, &wire.Error{Status: 404, Code: wire.CodeNotFound, Message: "no route"}, 40, 20)
	for _, l := range strings.Split(p.View(), "\n") {
		if w := xansi.StringWidth(l); w > 40 {
			t.Errorf("a line of %d cells at 40: %q", w, xansi.Strip(l))
		}
	}
	if !strings.Contains(flat(p), "--mount or VEHICLE_MOUNT") {
		t.Errorf("the advice is cut at 40:\n%s", plain(p))
	}
	golden(t, "wrong_mount_40", plain(p))
}

// TestFailedListingRetry: r lists again (clearing the error shown and
// saying so); the keys of the list do nothing on the failure screen but
// type; a click does nothing; the next good answer shows the list and
// clears the listing's error.
func TestFailedListingRetry(t *testing.T) {
	now := uitest.Now
	ctx := uitest.Context()
	ctx.Now = func() time.Time { return now }
	p := NewPicker(ctx, host, 0)
	p.SetSize(80, 24)
	p.Update(ListedMsg{Gen: p.Reload("").(List).Gen, Err: &wire.Error{Status: 503, Code: "unavailable", Message: "down"}})
	asked := p.Asked()
	if _, act := p.Update(uitest.Press('r')); act != nil || p.Asked() != asked || p.filter.String() != "r" {
		t.Fatalf("r on the failure screen reported %#v (asked %d): it is a letter of the filter, %q", act, p.Asked(), p.filter.String())
	}
	p.filter.Set("")
	_, act := p.Update(enter)
	want := ui.Batch{ui.Failed{}, ui.Note{Text: "listing your sessions again…"}, List{Gen: asked + 1}}
	if !equalActions(act, want) || p.Asked() != asked+1 || !p.Loading() {
		t.Fatalf("enter reported %#v (asked %d, loading %v)", act, p.Asked(), p.Loading())
	}
	if _, act := p.Click(3, true); act != nil {
		t.Errorf("a click on the failure screen reported %#v", act)
	}
	_, act = p.Update(ListedMsg{Gen: p.Asked(), List: uitest.Sessions()})
	if f, ok := act.(ui.Failed); !ok || f.Err != nil {
		t.Errorf("the good answer reported %#v, want the error cleared", act)
	}
	if !strings.Contains(flat(p), "Plan the trip") || p.Facts() != "5 sessions" {
		t.Errorf("the list does not show after the good answer (%q):\n%s", p.Facts(), plain(p))
	}

	// The failure screen's enter, pressed as the list came back by itself,
	// is what the screen said (list again), not an open of the first
	// session; a while later it opens again.
	p.Update(ListedMsg{Gen: p.Reload("").(List).Gen, Err: errors.New("down")})
	p.Update(ListedMsg{Gen: p.Asked(), List: uitest.Sessions()})
	_, act = p.Update(enter)
	if n, ok := act.(ui.Note); !ok || n.Text != "your sessions are listed again: the listing came back by itself" {
		t.Errorf("enter just after the list came back: %#v", act)
	}
	now = now.Add(retryGrace)
	if _, act := p.Update(enter); act == nil {
		t.Errorf("enter a while later opens nothing:\n%s", plain(p))
	}
}

// equalActions reports whether two actions hold the same, batches unfolded.
func equalActions(a, b ui.Action) bool {
	var x, y []ui.Action
	ui.Each(a, func(a ui.Action) { x = append(x, a) })
	ui.Each(b, func(a ui.Action) { y = append(y, a) })
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// TestFailedListingHintNamesWhatWorks: after a failed listing the keys'
// hint says what enter does there (lists again) and offers nothing that
// acts on a session (rename, delete, clone: none is listed), nor a new
// session to a UI that only watches; seen with `vehicle watch` as someone
// with no role on the graph ("enter watch • f6 rename • f8 delete").
func TestFailedListingHintNamesWhatWorks(t *testing.T) {
	for _, watch := range []bool{false, true} {
		p, _ := failing(t, host, &wire.Error{Status: 404, Code: wire.CodeNotFound, Message: "graph not found"}, 100, 24)
		p.ctx.Watch = watch
		var said []string
		for _, b := range p.ShortHelp() {
			said = append(said, b.Help().Key+" "+b.Help().Desc)
		}
		hint := strings.Join(said, " · ")
		if !strings.Contains(hint, "enter lists again") {
			t.Errorf("watch %v: the hint does not say enter lists again: %q", watch, hint)
		}
		for _, not := range []string{"rename", "delete", "clone", "open", "watch"} {
			if strings.Contains(hint, not) {
				t.Errorf("watch %v: the hint offers %q after a failed listing: %q", watch, not, hint)
			}
		}
		if strings.Contains(hint, "new") != !watch {
			t.Errorf("watch %v: the hint's new session: %q", watch, hint)
		}
	}
}
