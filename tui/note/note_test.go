package note

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestErrorsAreShownAndKept: an error shows with its code and goes to the
// front of the errors list, once for a repeat, the list bounded; a failure
// drops the note; nil clears what shows and keeps the list; a hidden error
// stays in the list.
func TestErrorsAreShownAndKept(t *testing.T) {
	t.Parallel()
	l := New(uitest.Context())
	l.Say("sending…")
	if l.Fail(nil) || l.Text() != "sending…" {
		t.Fatalf("a nil error failed: note %q", l.Text())
	}
	refused := &wire.Error{Status: 409, Code: wire.CodeLeaseRequired, Message: "not yours"}
	if !l.Fail(refused) || l.Text() != "" || l.Err() != "lease_required: not yours" {
		t.Fatalf("after a refusal: note %q, error %q", l.Text(), l.Err())
	}
	l.SetErr(refused)
	if len(l.Errors()) != 1 {
		t.Errorf("the same error twice is kept %d times", len(l.Errors()))
	}
	for i := range 30 {
		l.SetErr(errors.New("e" + strconv.Itoa(i)))
	}
	if n := len(l.Errors()); n != errorsMax || l.Errors()[0] != "e29" {
		t.Errorf("the list holds %d, newest %q", n, l.Errors()[0])
	}
	l.SetErr(nil)
	if l.Err() != "" || len(l.Errors()) != errorsMax {
		t.Errorf("nil left %q shown, %d kept", l.Err(), len(l.Errors()))
	}
	l.SetErr(errors.New("lost"))
	l.HideErr()
	if l.Err() != "" || l.Errors()[0] != "lost" {
		t.Errorf("a hidden error: shown %q, kept %q", l.Err(), l.Errors()[0])
	}
	l.Add(" · more")
	if l.Text() != " · more" {
		t.Errorf("Add made %q", l.Text())
	}
}

// TestErrorWords: a host's refusal is its code and message, a lease that
// can be taken over names the key, a transport failure says unreachable,
// and control characters are made inert; a not_found says it may be
// another person's, in what shows and in the list.
func TestErrorWords(t *testing.T) {
	t.Parallel()
	ctx := uitest.Context()
	details, _ := json.Marshal(map[string]any{"holder": map[string]any{"principal": "user:ada"}, "canTakeOver": true})
	held := &wire.Error{Status: 409, Code: wire.CodeLeaseHeld, Message: "held", Details: details}
	if got := Describe(held, &ctx.Keys); got != "lease_held: held (ctrl+t takes over)" {
		t.Errorf("a lease held: %q", got)
	}
	if got := Describe(errors.New("a\x1b[2Jb"), &ctx.Keys); strings.Contains(got, "\x1b") {
		t.Errorf("an escape went through: %q", got)
	}
	l := New(ctx)
	gone := &wire.Error{Status: 404, Code: wire.CodeNotFound, Message: "no such session"}
	l.NotYours(gone) // nothing kept yet: nothing to word
	l.SetErr(gone)
	l.NotYours(gone)
	if !strings.Contains(l.Err(), "not shared with you") || l.Errors()[0] != l.Err() {
		t.Errorf("not_found: shown %q, kept %q", l.Err(), l.Errors()[0])
	}
	l.Qualify(" (more)")
	if !strings.HasSuffix(l.Err(), " (more)") || strings.HasSuffix(l.Errors()[0], " (more)") {
		t.Errorf("Qualify: shown %q, kept %q", l.Err(), l.Errors()[0])
	}
}

// TestLogError keeps a transcript's error with its time, in the UI's
// location, two of the same as two; an empty one is not kept.
func TestLogError(t *testing.T) {
	t.Parallel()
	l := New(uitest.Context())
	l.LogError("", time.Time{})
	l.LogError("run failed", uitest.Now.Add(90*time.Second))
	l.LogError("run failed", time.Time{}) // now
	want0, want1 := uitest.Now.UTC().Format("15:04:05")+" · run failed", uitest.Now.Add(90*time.Second).UTC().Format("15:04:05")+" · run failed"
	if got := l.Errors(); len(got) != 2 || got[0] != want0 || got[1] != want1 {
		t.Errorf("the list is %q, want %q and %q", got, want0, want1)
	}
}

// TestQuitPress: a first press arms, a second within the window quits, one
// after it does not; disarming forgets the first.
func TestQuitPress(t *testing.T) {
	t.Parallel()
	l := New(uitest.Context())
	if l.QuitArmed() || l.QuitsNow(uitest.Now, time.Second) {
		t.Fatal("armed before any press")
	}
	l.ArmQuit(uitest.Now)
	if !l.QuitArmed() || !l.QuitsNow(uitest.Now.Add(time.Second), time.Second) || l.QuitsNow(uitest.Now.Add(2*time.Second), time.Second) {
		t.Error("the window is not kept")
	}
	l.DisarmQuit()
	if l.QuitArmed() || l.QuitsNow(uitest.Now, time.Second) {
		t.Error("disarmed, a press still quits")
	}
}

// TestNoAccess: a session not found, asked for by its id, is said as no
// access to it, with what works instead and the host's words; any other
// error, or one with no id, is as it was.
func TestNoAccess(t *testing.T) {
	t.Parallel()
	gone := &wire.Error{Status: 404, Code: wire.CodeNotFound, Message: "no session s9"}
	err := NoAccess("s9", "demo", gone)
	var e *wire.Error
	if !errors.As(err, &e) || e.Code != wire.CodeNotFound || !strings.HasPrefix(e.Message, "no access to session s9: only its owner reads it") ||
		!strings.Contains(e.Message, "graph demo has no session s9") || !strings.HasSuffix(e.Message, "the host said: no session s9") {
		t.Errorf("no access: %v", err)
	}
	if err := NoAccess("s9", "", gone); !strings.Contains(err.Error(), "this graph has no session s9") {
		t.Errorf("no graph named: %v", err)
	}
	other := errors.New("down")
	if NoAccess("s9", "demo", other) != other || NoAccess("", "demo", gone) != gone {
		t.Error("another error was reworded")
	}
}
