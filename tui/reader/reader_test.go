package reader

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestPromptLinesOnce: a prompt's you: and assistant: lines are written
// once each, a tool's outcome is a line, and nothing written is an escape
// sequence or a box-drawing character.
func TestPromptLinesOnce(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "notes", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see(`opened "notes"`, "you drive from this terminal.")
	r.typeLine("hello there #slow")
	r.see("you: hello there #slow", "assistant: Echo")
	r.typeLine("find it #tool")
	r.see("you: find it #tool", "tool search_documents: ok", "assistant:")
	r.typeLine("/help")
	r.see("commands:", "/quit: leaves, giving the lease up")
	out := r.all()
	for want, n := range map[string]int{
		"you: hello there #slow":                                      1,
		"You said: hello there #slow":                                 1,
		"code, go:\nfmt.Println(\"hello there #slow\")\nend of code.": 1,
		"tool search_documents: ok":                                   1,
		"you: find it #tool":                                          1,
		"assistant: Let me look that up.":                             1,
	} {
		if got := strings.Count(out, want); got != n {
			t.Errorf("%q written %d times, want %d:\n%s", want, got, n, out)
		}
	}
	if got := strings.Count(out, "assistant:"); got != 3 {
		t.Errorf("%d assistant lines, want 3 (an echo, a tool's preamble, its answer):\n%s", got, out)
	}
	plain(t, out)
}

// TestHostTextIsInert: an escape sequence in a reply is written as visible
// pictures, never sent to the terminal.
func TestHostTextIsInert(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "inert", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	r.typeLine("clear \x1b[2J this")
	r.see("you: clear ␛[2J this", "assistant:")
	plain(t, r.all())
}

// TestPickerByNumber: the sessions are a numbered list; a number opens
// that session, a bad number and an unknown command say what to do.
func TestPickerByNumber(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	newSession(t, ada, "alpha", false)
	newSession(t, ada, "beta", false)
	r := start(t, Config{Client: ada})
	r.see("your sessions, newest first:", "3. start a new session", "answer by number, or /cancel.")
	n := numberOf(t, r.all(), "alpha")
	r.typeLine("7")
	r.see("there is no 7 here: answer 1 to 3, or /cancel.")
	r.typeLine("/frobnicate")
	r.see("/frobnicate is not a command: /help lists them.")
	r.typeLine("what now")
	r.see("a question is waiting: answer 1 to 3, or /cancel. What you typed is kept: /again sends it.")
	r.typeLine(n)
	r.see(`opened "alpha"`, "you drive from this terminal.")
	r.typeLine("/again")
	r.see("you: what now", "assistant:")
	plain(t, r.all())
}

// numberOf is the number the list gives the session titled title.
func numberOf(t *testing.T, out, title string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^(\d+)\. ` + regexp.QuoteMeta(title) + `,`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no %q in the list:\n%s", title, out)
	}
	return m[1]
}

// TestChimeAnnounced: a chime from another person is announced with its
// number; /accept with a bad number says what to do; /accept N accepts it.
func TestChimeAnnounced(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	bo := person(t, srv, "bo-token", "bo-1")
	id := newSession(t, ada, "room", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	if _, err := bo.Chime(context.Background(), id, "try the second door"); err != nil {
		t.Fatal(err)
	}
	r.see("chime from Bo: try the second door", "/accept 1 sends it to the assistant, /reject 1 declines it.")
	r.typeLine("/accept 4")
	r.see("there is no chime 4: give a number from 1 to 1 (/chimes lists them).")
	r.typeLine("/chimes")
	r.see("1 chime waiting:", "1. from Bo: try the second door")
	r.typeLine("/accept 1")
	r.see("accepted the chime from Bo.", "chime from Bo, accepted: try the second door", "assistant:")
	r.typeLine("/chimes")
	r.see("no chimes are waiting.")
	plain(t, r.all())
}

// TestTakeoverAnnounced: another terminal of the person's taking over is
// announced, and so is the room policy it sets; /take takes the lease
// back; text sent while the other terminal drives is kept for /again.
func TestTakeoverAnnounced(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	other := person(t, srv, "ada-token", "other")
	id := newSession(t, ada, "shared", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	ctx := context.Background()
	if _, err := other.Claim(ctx, id, client.Takeover()); err != nil {
		t.Fatal(err)
	}
	r.see("your other terminal took over: it drives now. /take takes it back.")
	if _, err := other.SetRoomPolicy(ctx, id, client.PolicyCoDrive); err != nil {
		t.Fatal(err)
	}
	r.see("room policy: co-drive")
	r.typeLine("keep this")
	r.see("your text was not sent:", "Your other terminal drives: /take takes over.", "Your text is kept: /again sends it.")
	r.typeLine("/take")
	r.see("you drive from this terminal.")
	r.typeLine("/again")
	r.see("you: keep this", "assistant:")
	if n := strings.Count(r.all(), "you: keep this"); n != 1 {
		t.Errorf("the kept text went in %d times", n)
	}
}

// TestTakeoverOffer: opening a session the person's other terminal drives
// asks, numbered, whether to take over; 1 does.
func TestTakeoverOffer(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	other := person(t, srv, "ada-token", "other")
	id := newSession(t, other, "elsewhere", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("your other terminal drives this session.", "1. take over here", "2. watch from here")
	r.typeLine("1")
	r.see("you drive from this terminal.")
	if rel := leaseOf(t, other, id); rel != client.LeaseMyOtherClient {
		t.Errorf("the other terminal sees %v", rel)
	}
}

// leaseOf is the session's lease as c sees it.
func leaseOf(t *testing.T, c *client.Client, id string) client.LeaseRelation {
	t.Helper()
	snap, err := c.Inspect(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := client.NewState(client.Me{Principal: "user:ada", ClientID: c.ClientID()}, snap).Lease()
	return rel
}

// TestOpenAnotherPersonsSession: a session the person cannot read is
// refused with what to do.
func TestOpenAnotherPersonsSession(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	bo := person(t, srv, "bo-token", "bo-1")
	id := newSession(t, ada, "private", true)
	r := start(t, Config{Client: bo, SessionID: id})
	r.see("could not open the session:", "/sessions lists the sessions you can open.",
		"To chime into another person's session, start vehicle with --session ID --chime.")
	r.typeLine("hello?")
	r.see("no session is open, so nothing was sent")
}

// TestWatchThenTake: watching while the other terminal drives and then
// taking over says only that this terminal drives now: the other
// terminal's lease ending is not this terminal's.
func TestWatchThenTake(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	other := person(t, srv, "ada-token", "other")
	id := newSession(t, other, "elsewhere", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("your other terminal drives this session.", "2. watch from here")
	r.typeLine("2")
	r.see("watching; /take takes over.")
	if _, err := other.Prompt(context.Background(), id, "from the other terminal"); err != nil {
		t.Fatal(err)
	}
	r.see("you: from the other terminal", "assistant: ")
	r.typeLine("/take")
	r.see("you drive from this terminal.")
	r.typeLine("after the takeover") // its lines come after the lease's events on the stream
	r.see("you: after the takeover", "assistant: ")
	if out := r.all(); strings.Contains(out, "no longer drive") {
		t.Fatalf("taking over said this terminal lost the lease:\n%s", out)
	}
}
