package reader

import (
	"context"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestDeleteConfirmation: /delete N asks, numbered; 2 keeps the session, 1
// deletes it; a bad number says what to do.
func TestDeleteConfirmation(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	newSession(t, ada, "doomed", false)
	r := start(t, Config{Client: ada})
	r.see("1. doomed,", "2. start a new session", "/delete N deletes session N of this list.")
	r.typeLine("/delete 5")
	r.see("there is no session 5 in the list: /delete takes a number from 1 to 1 (/sessions lists them).")
	r.typeLine("/delete 1")
	r.see(`delete "doomed"? It goes to the host's trash.`, "1. delete it", "2. keep it")
	r.typeLine("2")
	r.see(`kept "doomed".`)
	r.typeLine("/delete 1")
	r.see("1. delete it")
	r.typeLine("1")
	r.see(`deleted "doomed".`, "/sessions lists the others, /new starts one.")
	list, err := ada.List(context.Background())
	if err != nil || len(list) != 0 {
		t.Errorf("after the delete the list is %v (%v)", list, err)
	}
	r.typeLine("/sessions")
	r.see("you have no sessions yet.", "1. start a new session")
	plain(t, r.all())
}

// TestModelKeyQuestion: a visitor on a public graph is asked for a model
// key, by number; the key typed on the next line is used (and saved when
// asked) but never written out, and the session starts.
func TestModelKeyQuestion(t *testing.T) {
	t.Parallel()
	srv := host(t, vehicletest.WithPublicGraphs("cows"))
	c, err := client.New(srv.URL, client.WithGraph("cows"), client.WithVisitorID("v-1"))
	if err != nil {
		t.Fatal(err)
	}
	var saved []string
	r := start(t, Config{Client: c, New: true, ModelKeyEnv: "VEHICLE_MODEL_KEY",
		SaveModelKey: func(k string) error { saved = append(saved, k); return nil }})
	r.see("the host asks for a model key:", "give a model key?", "1. type a model key now", "2. type a model key now and save it", "3. not now")
	r.typeLine("3")
	r.see("no key given. Set $VEHICLE_MODEL_KEY and start vehicle again, or /new tries again.")
	r.typeLine("/new")
	r.see("give a model key?")
	r.typeLine("2")
	r.see("type the key on the next line.")
	r.typeLine("sk-or-secret-1")
	r.see("the key is saved in the system keyring.", "opened")
	if len(saved) != 1 || saved[0] != "sk-or-secret-1" {
		t.Errorf("saved %q", saved)
	}
	if strings.Contains(r.all(), "sk-or-secret-1") {
		t.Errorf("the key was written out:\n%s", r.all())
	}
}

// TestWatchIsReadOnly: vehicle watch reads along; text and commands that
// change the session are refused with what to do, and the text is kept.
func TestWatchIsReadOnly(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	other := person(t, srv, "ada-token", "other")
	id := newSession(t, other, "watched", true)
	r := start(t, Config{Client: ada, SessionID: id, Watch: true})
	r.see(`opened "watched"`, "watching: read-only. your other terminal drives.")
	r.typeLine("let me in")
	r.see("watching is read-only: vehicle --session ID drives the session.")
	if _, err := other.Prompt(context.Background(), id, "from elsewhere"); err != nil {
		t.Fatal(err)
	}
	r.see("you: from elsewhere", "assistant:")
	r.typeLine("/take")
	r.see("watching is read-only")
	if rel := leaseOf(t, other, id); rel != client.LeaseMine {
		t.Errorf("watching took the lease: %v", rel)
	}
}

// TestRefusalsSayWhatToDo: commands that cannot run now say why and what
// to do; text typed with no session open is kept for /again.
func TestRefusalsSayWhatToDo(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	r := start(t, Config{Client: ada})
	r.see("you have no sessions yet.")
	r.typeLine("/cancel")
	r.see("cancelled. No session is open: /sessions lists them, /new starts one, /quit leaves.")
	r.typeLine("an early thought")
	r.see("no session is open, so nothing was sent: /sessions lists them, /new starts one; then /again sends your text.")
	r.typeLine("/abort")
	r.see("no session is open: /sessions lists them, /new starts one.")
	r.typeLine("/new")
	r.see("opened", "you drive from this terminal.")
	r.typeLine("/abort")
	r.see("nothing is running: there is nothing to abort.")
	r.typeLine("/steer left")
	r.see("nothing is running to steer: /again sends your text as a prompt.")
	r.typeLine("/accept 1")
	r.see("no chimes are waiting.")
	r.typeLine("/again")
	r.see("you: left", "assistant:")
	r.typeLine("/again")
	r.see("nothing is waiting to be sent again.")
}

// TestSteerAndFollowUp: while a run is under way plain text queues a
// follow-up and /steer steers; /abort stops the run.
func TestSteerAndFollowUp(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "busy", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	r.typeLine("wait for it #hold")
	r.see("you: wait for it #hold")
	r.typeLine("and then this")
	r.see("queued as a follow-up")
	r.typeLine("/steer go left")
	r.see("steer sent to the run.")
	r.typeLine("/abort")
	r.see("aborting the run.")
	plain(t, r.all())
}

// TestEndOfInputWaitsForTheRun: when the input ends during a run, the mode
// writes the reply, gives the lease up and ends.
func TestEndOfInputWaitsForTheRun(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "piped", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	r.typeLine("one more #slow")
	r.endInput()
	r.see("assistant: Echo", `released the lease of "piped"`)
	if rel := leaseOf(t, ada, id); rel != client.LeaseNone {
		t.Errorf("the lease after the end: %v", rel)
	}
}

// TestContinuedLinesAndHistory: lines ending in a backslash go out as one
// text; /history reads the last entries again.
func TestContinuedLinesAndHistory(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "lines", true)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	r.typeLine(`first line\`)
	r.typeLine("second line")
	r.see("you: first line\nsecond line", "assistant:")
	r.typeLine("/history 1")
	r.see("the last entry, again:", "assistant: Echo", "end of the history.")
	r.typeLine("/history x")
	r.see("/history takes a number of entries, for example /history 20.")
	if n := strings.Count(r.all(), "you: "); n != 1 {
		t.Errorf("%d turns sent, want 1:\n%s", n, r.all())
	}
}

// TestOpeningAnswersTheList: once a session opens, the list asked before
// is no longer waiting: a number typed then is text.
func TestOpeningAnswersTheList(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	newSession(t, ada, "older", false)
	r := start(t, Config{Client: ada})
	r.see("1. older,", "2. start a new session")
	r.typeLine("/new")
	r.see("opened", "you drive from this terminal.")
	r.typeLine("1")
	r.see("you: 1", "assistant:")
}

// TestOddInput: odd lines never crash the mode nor reach the terminal as
// control characters; each gets an answer, and the mode still works.
func TestOddInput(t *testing.T) {
	t.Parallel()
	srv := host(t)
	ada := person(t, srv, "ada-token", "sr")
	newSession(t, ada, "odd", false)
	r := start(t, Config{Client: ada})
	r.see("answer by number, or /cancel.")
	for _, l := range []string{"0", "-3", "99999999999999999999", "/", "/\x1b[31mred", "/delete", "/delete x",
		"/history 0", "/accept -1", "/steer", "\t", "/again", "/cancel", "/cancel", "/take", "/chimes"} {
		r.typeLine(l)
	}
	r.typeLine("/sessions")
	r.see("your sessions, newest first:")
	r.typeLine("1")
	r.see(`opened "odd"`)
	for _, l := range []string{"/history 0", "/accept 99999999999999999999", "/reject", "/steer", "/abort", "/delete 0"} {
		r.typeLine(l)
	}
	r.typeLine("still \x07 fine")
	r.see("you: still ␇ fine", "assistant:")
	for _, want := range []string{"there is no 99999999999999999999 here: answer 1 to 2, or /cancel.",
		"/delete takes the number of a session: /delete N (/sessions lists them).", "no question is waiting."} {
		if !strings.Contains(r.all(), want) {
			t.Errorf("no %q in:\n%s", want, r.all())
		}
	}
	plain(t, r.all())
}
