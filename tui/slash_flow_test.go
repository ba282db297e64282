package tui

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// slashSession is a terminal driving a new session titled title on srv, at
// 80x24.
func slashSession(t *testing.T, srv *vehicletest.Server, title string, refs ...string) (*harness, string) {
	t.Helper()
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, title)
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.ContextRefs = id, refs
	h := drive(t, "ada", cfg, 120, 24)
	h.see("● you drive from this terminal", "● live")
	return h, id
}

// enter types text into the composer and presses enter.
func (h *harness) enter(text string) {
	h.send(typing(text)...)
	h.send(keyEnter)
}

// said sends text and waits until the host took it and the run settled.
func (h *harness) said(text, reply string) {
	h.t.Helper()
	h.enter(text)
	h.see(reply, "idle")
	h.until("the send settled", func(string) bool { return h.m.tiles.Focused() != nil && !h.m.tiles.Focused().Sending() })
}

// draftIs fails unless the composer holds want.
func draftIs(t *testing.T, h *harness, want string) {
	t.Helper()
	if got := h.m.composer.Value(); got != want {
		t.Fatalf("the composer holds %q, want %q", got, want)
	}
}

// TestSlashRenameOnHost renames the session on the host; without a title
// it is refused and the text stays.
func TestSlashRenameOnHost(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, id := slashSession(t, srv, "Old name")
	h.enter("/rename")
	h.see("say the new title: /rename TITLE")
	draftIs(t, h, "/rename")
	h.send(typing(" Fresh name")...)
	h.send(keyEnter)
	h.see("vehicle · Fresh name", "renamed to “Fresh name”")
	draftIs(t, h, "")
	snap, err := person(t, srv, "ada-token", "cli-x").Inspect(context.Background(), id)
	if err != nil || snap.Session.Title == nil || *snap.Session.Title != "Fresh name" {
		t.Fatalf("the host's title: %+v, %v", snap, err)
	}
}

// TestSlashPolicy sets the room's policy on the host; a bad name and a
// terminal that does not drive are refused, keeping the text.
func TestSlashPolicy(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, id := slashSession(t, srv, "Room")
	h.enter("/policy loud")
	h.see("say which: /policy suggest|co-drive|observe|mute")
	draftIs(t, h, "/policy loud")
	h.send(keyCtrlU)
	h.enter("/policy co-drive")
	h.see("room co-drive")
	draftIs(t, h, "")
	if n := count(srv, id, client.EvRoomPolicy); n != 1 {
		t.Fatalf("%d room.policy events, want 1", n)
	}

	w := drive(t, "watcher", hostConfig(t, person(t, srv, "ada-token", "cli-two")), 120, 24)
	w.run(open(w.m, id))
	w.see("Take over or watch?")
	w.send(keyEsc) // watch
	w.see("your other terminal drives")
	w.enter("/policy mute")
	w.see("only the driver sets the room's policy: your other terminal")
	if want := "only the driver sets the room's policy: your other terminal drives · ctrl+t takes over"; w.m.note.Text() != want {
		t.Errorf("the note is %q, want %q", w.m.note.Text(), want)
	}
	draftIs(t, w, "/policy mute")
	if n := count(srv, id, client.EvRoomPolicy); n != 1 {
		t.Fatalf("%d room.policy events after a refusal, want 1", n)
	}
}

// TestSlashExport writes Markdown by default, named after the title, and
// JSONL for a .jsonl path; an existing file is kept and the command comes
// back to the composer.
func TestSlashExport(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	srv, _ := host(t)
	h, _ := slashSession(t, srv, "Export me")
	h.said("hello there", "You said: hello there")

	h.enter("/export")
	h.see("exported 2 entries to export-me.md")
	md, err := os.ReadFile("export-me.md")
	if err != nil || !strings.Contains(string(md), "hello there") || !strings.Contains(string(md), "**Assistant**") {
		t.Fatalf("export-me.md: %v\n%s", err, md)
	}

	h.enter("/export out.jsonl")
	h.see("exported 2 entries to out.jsonl")
	raw, err := os.ReadFile("out.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	var head, first map[string]any
	if len(lines) != 3 || json.Unmarshal([]byte(lines[0]), &head) != nil || json.Unmarshal([]byte(lines[1]), &first) != nil {
		t.Fatalf("out.jsonl is not a header and two items:\n%s", raw)
	}
	if head["kind"] != "session" || head["title"] != "Export me" || first["role"] != "user" || first["text"] != "hello there" {
		t.Fatalf("out.jsonl: header %v, first item %v", head, first)
	}

	h.enter("/export out.jsonl")
	h.see("out.jsonl already exists and is kept: /export ANOTHER-PATH writes elsewhere")
	draftIs(t, h, "/export out.jsonl")
	if again, _ := os.ReadFile("out.jsonl"); string(again) != string(raw) {
		t.Fatal("the existing file changed")
	}
}

// refsModel is the scripted model, keeping the contextRefs of each turn.
type refsModel struct {
	mu   sync.Mutex
	seen [][]string
}

func (r *refsModel) Turn(ctx context.Context, req vehicletest.TurnRequest) vehicletest.Reply {
	r.mu.Lock()
	r.seen = append(r.seen, slices.Clone(req.ContextRefs))
	r.mu.Unlock()
	return vehicletest.Scripted{}.Turn(ctx, req)
}

func (r *refsModel) turns() [][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seen)
}

// TestSlashRefOnTheWire: --context and /ref attach ids, shown as chips;
// /ref -ID and the unref key drop them; the next prompt carries them to
// the host as contextRefs, and they clear once sent.
func TestSlashRefOnTheWire(t *testing.T) {
	t.Parallel()
	model := &refsModel{}
	clk := &clock{now: t0}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithClock(clk.Now), vehicletest.WithModel(model))
	h, _ := slashSession(t, srv, "Refs", "doc-start")
	h.see("⊕ doc-start")
	h.send(keyAltX)
	h.until("the chip gone", func(s string) bool { return !strings.Contains(s, "⊕ doc-start") })

	h.enter("/ref doc-7 doc-9")
	h.see("⊕ doc-7 ⊕ doc-9", "your next message carries doc-7, doc-9")
	draftIs(t, h, "")
	h.enter("/ref -doc-9")
	h.until("doc-9 dropped", func(s string) bool { return strings.Contains(s, "⊕ doc-7") && !strings.Contains(s, "⊕ doc-9") })
	h.enter("/ref -nothing")
	h.see("“nothing” is not attached")
	draftIs(t, h, "/ref -nothing")
	h.send(keyCtrlU)

	h.said("with a ref", "You said: with a ref")
	if strings.Contains(screen(h.m), "⊕") {
		t.Fatal("the chips stay after the send")
	}
	h.said("without", "You said: without")
	got := model.turns()
	if len(got) != 2 || !slices.Equal(got[0], []string{"doc-7"}) || len(got[1]) != 0 {
		t.Fatalf("the host's turns saw contextRefs %q, want [[doc-7] []]", got)
	}
}

// TestSlashUnknownAsks: an unknown /word asks first; esc, or enter on the
// marked answer, keeps the text; words typed on are not an answer, they
// go on in the composer and the question stays; the other answer, marked,
// sends it as it is. "//"
// sends the literal.
func TestSlashUnknownAsks(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, _ := slashSession(t, srv, "Unknown")
	h.enter("/frobnicate it")
	h.see("Not a command", "/frobnicate is not a command", "▸ keep it in the composer", "send it to the model as text")
	h.send(keyEsc)
	draftIs(t, h, "/frobnicate it")
	if h.m.top() != nil {
		t.Fatal("esc did not close the question")
	}
	h.send(keyEnter)
	h.see("Not a command")
	h.send(keyEnter) // enter again, in a hurry: the marked answer keeps it
	draftIs(t, h, "/frobnicate it")
	h.send(keyEnter)
	h.see("Not a command")
	h.send(typing(" say yes")...)
	draftIs(t, h, "/frobnicate it say yes")
	if h.m.top() == nil || count(srv, h.m.tiles.Focused().ID(), client.EvCommandAccepted) != 0 {
		t.Fatal("typing on answered the question")
	}
	h.send(keyEsc)
	h.m.composer.SetValue("/frobnicate it")
	h.send(keyEnter)
	h.see("Not a command")
	h.send(keyDown, keyEnter)
	h.see("You said: /frobnicate it", "idle")
	h.until("the send settled", func(string) bool { return !h.m.tiles.Focused().Sending() })
	draftIs(t, h, "")

	h.said("//etc is a path", "You said: /etc is a path")
}

// TestSlashOpeners: /help, /info, /key open their dialogs; /fork marks an
// entry; /clone copies the session; /sessions shows the picker; /new
// opens a new session, all at 80x24.
func TestSlashOpeners(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, _ := slashSession(t, srv, "Openers")
	h.said("first words", "You said: first words")
	for _, c := range []struct{ cmd, want string }{
		{"/help", "Keys"}, {"/info", "Session"}, {"/key", "model key"},
	} {
		h.enter(c.cmd)
		h.see(c.want)
		if h.m.top() == nil {
			t.Fatalf("%s opened no dialog", c.cmd)
		}
		h.send(keyEsc)
		draftIs(t, h, "")
	}
	h.enter("/fork")
	h.see("mark the entry to fork before")
	if h.m.focus != focusEntries {
		t.Fatalf("/fork did not mark an entry: focus %v", h.m.focus)
	}
	h.send(keyEsc)
	h.enter("/clone")
	h.see("cloned as “Copy of Openers”")
	h.enter("/sessions")
	h.see("your sessions", "Copy of Openers")
	h.send(keyEsc) // back to the session
	first := h.m.tiles.Focused().ID()
	h.enter("/new")
	h.see("New session")
	h.send(keyEnter)
	h.until("a new session", func(s string) bool {
		return h.m.tiles.Focused() != nil && h.m.tiles.Focused().ID() != first && h.m.tiles.Focused().State() != nil && strings.Contains(s, "● you drive")
	})
	if h.m.tiles.Focused() == nil || h.m.tiles.Focused().ID() == first || strings.Contains(screen(h.m), "Openers") {
		t.Fatalf("/new did not open a new session:\n%s", screen(h.m))
	}
}
