package tui

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/session"
)

// keptStore is a draft store in memory that keeps whole drafts.
type keptStore struct {
	mu   sync.Mutex
	kept map[string]KeptDraft
}

func (d *keptStore) Load(key string) (KeptDraft, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.kept[key], nil
}

func (d *keptStore) Save(key string, k KeptDraft) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.kept[key] = k
	return nil
}

// downHost is a person's client whose text commands never reach the host:
// each waits until it is given up (the host never answers), or is refused
// at once (the host is down: connection refused). Everything else goes to
// the host.
func downHost(t *testing.T, srv *vehicletest.Server, refused bool) *client.Client {
	t.Helper()
	return downHostAs(t, srv, refused, "ada-token", "cli-ada-1")
}

// downHostAs is downHost for the person of token, as clientID.
func downHostAs(t *testing.T, srv *vehicletest.Server, refused bool, token, clientID string) *client.Client {
	t.Helper()
	hc := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		if !viaProxy(r) {
			return http.DefaultTransport.RoundTrip(r)
		}
		if refused {
			return nil, &net0Error{syscall.ECONNREFUSED}
		}
		<-r.Context().Done()
		return nil, r.Context().Err()
	})}
	retry := client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(clientID),
		client.WithHTTPClient(hc), client.WithRetry(retry))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// net0Error is a dial that was refused.
type net0Error struct{ errno syscall.Errno }

func (e *net0Error) Error() string { return "dial tcp 127.0.0.1:1: connect: " + e.errno.Error() }
func (e *net0Error) Unwrap() error { return e.errno }

// quitsAll reports whether cmd, or a command it batches, ends the program.
func quitsAll(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			if quitsAll(c) {
				return true
			}
		}
	}
	return false
}

// TestQuitKeepsTheUnansweredMessage: a prompt still "sending…" (the host
// never answers) or with "no answer yet" (every attempt refused) is not
// lost by quitting: the quit key asks first (staying is marked), quitting
// anyway keeps it with the draft by its requestId, and the next run puts it
// back in the queue lane, where enter sends the same request: the host ran
// it once.
func TestQuitKeepsTheUnansweredMessage(t *testing.T) {
	t.Parallel()
	for _, refused := range []bool{false, true} {
		t.Run(map[bool]string{false: "sending", true: "no answer yet"}[refused], func(t *testing.T) {
			srv, _ := host(t)
			cr, err := person(t, srv, "ada-token", "cli-ada-0").Create(context.Background(), client.CreateRequest{Title: "Unanswered", Claim: new(bool)})
			if err != nil {
				t.Fatal(err)
			}
			id := cr.Session.SessionID
			store := &keptStore{kept: map[string]KeptDraft{}}
			cfg := hostConfig(t, downHost(t, srv, refused))
			cfg.SessionID, cfg.Drafts, cfg.ContextRefs = id, store, []string{"doc-7"}
			a := drive(t, "ada", cfg, 120, 30)
			a.see("● you drive from this terminal")
			a.send(typing("hello there")...)
			a.send(keyEnter)
			state := "sending…"
			if refused {
				state = "no answer yet"
				a.see("no answer yet: enter sends the same request again · hello there")
			} else {
				a.see("sending…")
			}
			a.send(keyCtrlC)
			a.see("ctrl+c again quits")
			if _, cmd := a.m.Update(keyCtrlC); quitsAll(cmd) {
				t.Fatal("quit with a message unanswered, without asking")
			}
			a.see("Not answered yet", "prompt “hello there”: "+state, "▸ stay", "quit anyway, and keep it as the draft")
			if _, cmd := a.m.Update(keyEnter); quitsAll(cmd) {
				t.Fatal("enter on the question quit: staying is the marked answer")
			}
			a.until("the question closed", func(s string) bool { return !strings.Contains(s, "Not answered yet") })
			a.send(keyCtrlC, keyCtrlC)
			a.see("Not answered yet", "↓ enter quits anyway, keeping it · ctrl+c or esc stays")
			if _, cmd := a.m.Update(keyCtrlC); quitsAll(cmd) || a.m.top() != nil {
				t.Fatalf("ctrl+c at the question quit, or left it open (%T): it stays, its safe answer", a.m.top())
			}
			a.send(keyCtrlC, keyCtrlC, keyDown)
			a.see("▸ quit anyway, and keep it as the draft")
			if _, cmd := a.m.Update(keyEnter); !quitsAll(cmd) {
				t.Fatal("quit anyway did not quit")
			}
			drafts := a.m.Drafts()
			if len(drafts) != 1 || drafts[0].Kept.Request != "hello there" || drafts[0].Kept.RequestID == "" ||
				len(drafts[0].Kept.Refs) != 1 || drafts[0].Kept.Refs[0] != "doc-7" {
				t.Fatalf("Drafts() = %+v: the message is not kept with its request", drafts)
			}
			kept := drafts[0].Kept
			if count(srv, id, client.EvCommandAccepted) != 0 {
				t.Fatal("the host took the prompt before the test let it")
			}

			_ = a.m.cfg.Client.Release(context.Background(), id) // as the program does once the UI ended

			// The next run, the host reachable again.
			store.kept[drafts[0].Key] = kept
			cfg = hostConfig(t, person(t, srv, "ada-token", "cli-ada-2"))
			cfg.SessionID, cfg.Drafts = id, store
			b := drive(t, "ada again", cfg, 120, 30)
			b.see("● you drive from this terminal", "no answer yet: enter sends the same request again · hello there",
				"your message with no answer is back in the queue lane")
			b.send(keyEnter)
			b.see("You said: hello there")
			b.send(keyEnter) // nothing more to send
			var accepted []string
			for _, ev := range srv.Events(id) {
				if ev.Type == client.EvCommandAccepted {
					var v client.CommandValue
					_ = ev.Decode(&v)
					accepted = append(accepted, v.CommandID)
				}
			}
			if len(accepted) != 1 || accepted[0] != kept.RequestID {
				t.Fatalf("the host accepted %v, want the one request %s", accepted, kept.RequestID)
			}
		})
	}
}

// TestKeptMessageTheHostHad: a prompt the host took whose answer was lost
// (no stream to confirm it) is kept at quit; the next run finds it in the
// session and says so, sending nothing again.
func TestKeptMessageTheHostHad(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := newLossy(t, srv, "ada-token", "cli-ada", 2)
	ada.noWait = true
	id := newSession(t, ada.c, "Lost answer")
	store := &keptStore{kept: map[string]KeptDraft{}}
	cfg := hostConfig(t, ada.c)
	cfg.SessionID, cfg.Drafts = id, store
	a := drive(t, "ada", cfg, 120, 30)
	a.see("● you drive from this terminal")
	a.send(typing("did it go")...)
	a.send(keyEnter)
	a.see("no answer yet: enter sends the same request again · did it go")
	a.send(keyCtrlC, keyCtrlC)
	a.see("Not answered yet")
	a.send(keyDown)
	if _, cmd := a.m.Update(keyEnter); !quitsAll(cmd) { // quit anyway, keeping it
		t.Fatal("quit anyway at the question did not quit")
	}
	d := a.m.Drafts()
	store.kept[d[0].Key] = d[0].Kept
	_ = ada.c.Release(context.Background(), id)

	cfg = hostConfig(t, person(t, srv, "ada-token", "cli-ada-2"))
	cfg.SessionID, cfg.Drafts = id, store
	b := drive(t, "ada again", cfg, 120, 30)
	b.see("the host took your prompt (confirmed by the stream)")
	b.send(keyEnter)
	if n := count(srv, id, client.EvCommandAccepted); n != 1 {
		t.Fatalf("the host accepted %d commands, want 1", n)
	}
	if s := screen(b.m); strings.Contains(s, "no answer yet") {
		t.Errorf("the kept message still waits:\n%s", s)
	}
}

// TestKeptMessageConflictIsTaken: a kept message sent again that the host
// refuses as request_id_conflict (it had the requestId from the earlier
// run, whose body named that run's client id) was taken then: settled,
// said so, and not put back in the composer to run twice.
func TestKeptMessageConflictIsTaken(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := adaDrives(t, srv, "Conflict", 120, 30)
	a.see("● you drive from this terminal")
	s := a.m.tiles.Focused()
	out := session.Outgoing{Op: client.OpPrompt, RequestID: "req-kept", Text: "sent before", Kept: true}
	s.KeepUnanswered(out)
	a.send(session.SentMsg{Gen: s.Gen(), Out: out, Err: &client.Error{Status: 409, Code: client.CodeRequestIDConflict,
		Message: "requestId was used before"}})
	if s.Unconfirmed() != nil || a.m.composer.Value() != "" || a.m.LastError() != "" {
		t.Fatalf("unconfirmed %+v, composer %q, error %q", s.Unconfirmed(), a.m.composer.Value(), a.m.LastError())
	}
	a.see("the host had taken your prompt before the UI was reopened: it ran once")
}

// TestKeptDraftAndMessage: a terminal that closed with a draft in the
// composer and a message with no answer (the signal paths keep both) gets
// both back: the draft in the composer, the message in the queue lane,
// and the note says where each is.
func TestKeptDraftAndMessage(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Both")
	store := &keptStore{kept: map[string]KeptDraft{
		ada.GardendURL() + " " + ada.Graph() + " " + id: {Text: "typed after", RequestID: "req-kept-1", Op: client.OpPrompt, Request: "sent before"},
	}}
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.Drafts = id, store
	a := drive(t, "ada", cfg, 140, 30)
	a.see("┃ typed after", "no answer yet: enter sends the same request again · sent before",
		"your draft is back in the composer, and your message with no answer in the queue lane")
	if d := a.m.Drafts(); len(d) != 1 || d[0].Kept.Text != "typed after" || d[0].Kept.RequestID != "req-kept-1" {
		t.Errorf("Drafts() = %+v", d)
	}
}

// TestQuitKeepsTheUnansweredChime: a chime into another person's room whose
// answer never came (the host down) is asked about at quit and kept with
// its request, with the draft beside it; the next visit puts both back and
// enter on an empty composer sends the same request: the room gets one
// chime.
func TestQuitKeepsTheUnansweredChime(t *testing.T) {
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Ada's")
	chimes := func() []client.Chime {
		snap, err := ada.Inspect(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		return snap.Chimes
	}
	store := &keptStore{kept: map[string]KeptDraft{}}
	cfg := hostConfig(t, downHostAs(t, srv, true, "bo-token", "cli-bo-1"))
	cfg.SessionID, cfg.Chime, cfg.Drafts = id, true, store
	b := drive(t, "bo", cfg, 100, 30)
	b.see("chiming into " + id)
	b.send(typing("Look at the census.")...)
	b.send(keyEnter)
	b.see("no answer to your chime")
	b.send(keyCtrlC, keyCtrlC)
	b.see("Not answered yet", "chime “Look at the census.”: no answer yet", "▸ stay")
	b.send(keyDown)
	if _, cmd := b.m.Update(keyEnter); !quitsAll(cmd) {
		t.Fatal("quit anyway did not quit")
	}
	drafts := b.m.Drafts()
	if len(drafts) != 1 || drafts[0].Kept.Request != "Look at the census." || drafts[0].Kept.Op != client.OpChime ||
		drafts[0].Kept.RequestID == "" {
		t.Fatalf("Drafts() = %+v: the chime is not kept with its request", drafts)
	}
	if n := len(chimes()); n != 0 {
		t.Fatalf("the room has %d chimes before the host came back", n)
	}
	kept := drafts[0].Kept
	kept.Text = "and a draft" // as the signal paths keep the composer's text beside it
	store.kept[drafts[0].Key] = kept

	cfg = hostConfig(t, person(t, srv, "bo-token", "cli-bo-2"))
	cfg.SessionID, cfg.Chime, cfg.Drafts = id, true, store
	c := drive(t, "bo again", cfg, 100, 30)
	c.see("your chime with no answer is kept", "┃ and a draft")
	c.send(keyCtrlC) // the draft cleared: enter on an empty composer sends the kept chime
	c.send(keyEnter)
	c.see("held for the driver to decide")
	if got := chimes(); len(got) != 1 || got[0].Text != "Look at the census." {
		t.Fatalf("the room's chimes: %+v, want the one kept", got)
	}
}
