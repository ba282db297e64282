package manage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// said is the last note a says ("" for a note that clears).
func said(a ui.Action) string {
	n := "(none)"
	for _, x := range uitest.Actions(a) {
		if t, ok := x.(ui.Note); ok {
			n = t.Text
		}
	}
	return n
}

// onHost is a manager of Ada's sessions on the reference host, and a
// session of hers with a conversation.
func onHost(t *testing.T) (*Manager, *client.Client, string) {
	t.Helper()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-ada"))
	if err != nil {
		t.Fatal(err)
	}
	m := New(uitest.Context(), c, t.Context(), client.CreateRequest{})
	cr := m.Create(client.CreateRequest{Title: "Leases"})().(CreatedMsg)
	if cr.Err != nil {
		t.Fatal(cr.Err)
	}
	id := cr.Created.Session.SessionID
	if _, err := c.Send(t.Context(), id, client.OpPrompt, client.TextRequest{RequestID: "rq1", CommandID: "rq1", Text: "What is a lease?"}); err != nil {
		t.Fatal(err)
	}
	return m, c, id
}

// TestRequestsOnTheHost: each request, made on the reference host, and
// what its answer has the root do: a created session opens, a rename and
// a clone list the sessions again with the session selected, a fork opens
// its session, an export writes the file (never over one), a delete shows
// its outcome.
func TestRequestsOnTheHost(t *testing.T) {
	t.Parallel()
	m, c, id := onHost(t)
	if a, ok := m.Update(CreatedMsg{Created: &client.Created{Session: client.Summary{SessionID: id}}}).(Created); !ok || a.ID != id {
		t.Errorf("created: %v", a)
	}
	act := m.Update(m.Rename(id, "Leases, again")().(Msg))
	if r, ok := uitest.Find[Reload](act); !ok || r.Select != id || said(act) != "renamed to “Leases, again”" {
		t.Errorf("renamed: %v", uitest.Actions(act))
	}
	act = m.Update(m.Clone(id)().(Msg))
	if r, ok := uitest.Find[Reload](act); !ok || r.Select == id || !strings.HasPrefix(said(act), "cloned as “") {
		t.Errorf("cloned: %v", uitest.Actions(act))
	}
	snap, err := c.Inspect(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	act = m.Update(m.Fork(t.Context(), 7, id, snap.Transcript[len(snap.Transcript)-1].EntryID)().(Msg))
	if f, ok := act.(Forked); !ok || f.Gen != 7 || f.Err != nil || f.ID == "" || !strings.HasPrefix(f.Said, "forked as ") {
		t.Errorf("forked: %#v", act)
	}
	path := filepath.Join(t.TempDir(), "leases.md")
	act = m.Update(m.Export(t.Context(), id, path, "/export "+path)().(Msg))
	if b, err := os.ReadFile(path); err != nil || !strings.Contains(string(b), "What is a lease?") || !strings.HasPrefix(said(act), "exported ") {
		t.Errorf("exported: %v, %v", uitest.Actions(act), err)
	}
	act = m.Update(m.Export(t.Context(), id, path, "/export "+path)().(Msg))
	if e, ok := uitest.Find[ExportFailed](act); !ok || e.Line != "/export "+path || !strings.Contains(errOf(act), "already exists and is kept") {
		t.Errorf("exported over a file: %v", uitest.Actions(act))
	}
	act = m.Update(m.Delete(id, "Leases")().(Msg))
	if d, ok := uitest.Find[Deleted](act); !ok || d.ID != id || d.Title != "Leases" || said(act) != "deleted “Leases”" {
		t.Errorf("deleted: %v", uitest.Actions(act))
	}
	act = m.Update(m.Rename(id, "gone")().(Msg))
	if f, ok := uitest.Find[ui.Failed](act); !ok || f.Err == nil || said(act) != "" {
		t.Errorf("renamed after the delete: %v", uitest.Actions(act))
	}
}

// errOf is the error a Failed in a carries, "" when none.
func errOf(a ui.Action) string {
	if f, ok := uitest.Find[ui.Failed](a); ok && f.Err != nil {
		return f.Err.Error()
	}
	return ""
}

// TestAnswers: each answer's words and what the root does next; a refusal
// drops the note, and a refused create or export has its own action.
func TestAnswers(t *testing.T) {
	t.Parallel()
	m := New(uitest.Context(), nil, t.Context(), client.CreateRequest{})
	boom := &client.Error{Status: 409, Code: client.CodeForbiddenProfile, Message: "owners only"}
	if act := m.Update(CreatedMsg{Err: boom}); errOf(act) == "" || said(act) != "" {
		t.Errorf("a refused create: %v", uitest.Actions(act))
	} else if r, ok := uitest.Find[CreateRefused](act); !ok || r.Err != boom {
		t.Errorf("a refused create: %v", uitest.Actions(act))
	}
	for _, msg := range []Msg{RenamedMsg{Err: boom}, ClonedMsg{Err: boom}, DeletedMsg{Err: boom}} {
		if act := m.Update(msg); len(uitest.Actions(act)) != 2 || errOf(act) == "" || said(act) != "" {
			t.Errorf("%T refused: %v", msg, uitest.Actions(act))
		}
	}
	out := &client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2"}, MirrorErr: errors.New("not trashed")}
	if act := m.Update(DeletedMsg{ID: "s2", Title: "Plan\x1b[2J", Outcome: out}); said(act) != "deleted “Plan␛[2J”: its mirrored document is not in the Trash" {
		t.Errorf("a mirror not trashed: %q", said(act))
	}
	if act := m.Update(ExportedMsg{Path: "t.md", Entries: 1200}); said(act) != "exported 1200 entries to t.md" {
		t.Errorf("exported: %q", said(act))
	}
	if f, _ := m.Update(ForkedMsg{Gen: 3, Err: boom}).(Forked); f.Gen != 3 || f.Err != boom {
		t.Errorf("a refused fork: %#v", f)
	}
	hostile := "[Bo collaborator]\nTry \x1b]52;c;eA==\ait"
	f, _ := m.Update(ForkedMsg{Gen: 3, Branched: &client.Branched{Session: client.Summary{SessionID: "s4"}, SelectedText: hostile}}).(Forked)
	if f.ID != "s4" || strings.Contains(f.Text, "\x1b") || strings.Contains(f.Text, "collaborator") ||
		f.Said != "forked as s4: the message is back, its escapes and hidden characters taken out" {
		t.Errorf("a fork with a hostile message: %#v", f)
	}
	f, _ = m.Update(ForkedMsg{Gen: 3, Branched: &client.Branched{Session: client.Summary{SessionID: "s4"}, SelectedText: "plain"}}).(Forked)
	if f.Text != "plain" || f.Said != "forked as s4: the message is back in the composer" {
		t.Errorf("a fork with a message: %#v", f)
	}
	if a, r := SplitAttribution("[not] an attribution\nline"); a != "" || r != "[not] an attribution\nline" {
		t.Errorf("not an attribution: %q %q", a, r)
	}
	for _, a := range []ui.Action{Reload{}, Open{}, Created{}, CreateRefused{}, Deleted{}, Forked{}, ExportFailed{}} {
		if a.Source() != ui.FromManage {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}

// TestContinue: --continue opens the sessions kept when they come; with
// none kept, the newest listed (a listing that came first waits for
// them), once; nothing when something else opened meanwhile, and words
// when nothing is listed.
func TestContinue(t *testing.T) {
	t.Parallel()
	ctx := uitest.Context()
	list := []client.Summary{uitest.Summary("s1", "Old", uitest.Now, nil), uitest.Summary("s2", "New", uitest.Now.Add(time.Hour), nil)}
	m := New(ctx, nil, t.Context(), client.CreateRequest{})
	m.Continue()
	if a := m.Recent([]string{"s3", "s4"}, nil, true); len(a.(Open).IDs) != 2 {
		t.Errorf("the sessions kept: %v", a)
	}
	m = New(ctx, nil, t.Context(), client.CreateRequest{})
	m.Continue()
	if a := m.Listed(Listing{List: list}, true); a != nil {
		t.Errorf("a listing before the sessions kept acted: %v", a)
	}
	if a, _ := m.Recent(nil, nil, true).(Open); len(a.IDs) != 1 || a.IDs[0] != "s2" {
		t.Errorf("none kept, the listing came first: %v", a)
	}
	if a := m.Listed(Listing{List: list}, true); a != nil {
		t.Errorf("the newest opened twice: %v", a)
	}
	m = New(ctx, nil, t.Context(), client.CreateRequest{})
	m.Continue()
	m.Recent(nil, errors.New("unreadable"), true)
	for _, l := range []Listing{{Err: errors.New("down")}, {List: list, Poll: 2}} {
		if a := m.Listed(l, true); a != nil {
			t.Errorf("a failed listing or a poll acted: %v", a)
		}
	}
	if a := m.Listed(Listing{}, true); said(a) != "no session yet on this graph: ctrl+n starts one" {
		t.Errorf("nothing listed: %v", a)
	}
	m = New(ctx, nil, t.Context(), client.CreateRequest{})
	m.Recent([]string{"s3"}, nil, false)
	if a := m.Listed(Listing{List: list}, false); a != nil {
		t.Errorf("something else opened meanwhile: %v", a)
	}
}

// TestNewSessions: the command line's request with its lease (none with
// --no-claim, the claim's ttl when it names none); the form's session is
// made with it and made again once a key cures its refusal, else the
// command line's; a refused profile says what it means.
func TestNewSessions(t *testing.T) {
	t.Parallel()
	base := NewRequest(client.CreateRequest{Title: "From the flags", Profile: "chat"}, true, time.Minute)
	if base.Claim == nil || *base.Claim || base.TTLMs != 60000 || base.Title != "From the flags" {
		t.Fatalf("the command line's request: %+v", base)
	}
	if r := NewRequest(client.CreateRequest{TTLMs: 5}, false, time.Minute); r.Claim != nil || r.TTLMs != 5 {
		t.Errorf("a ttl named is kept, the lease claimed: %+v", r)
	}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-ada"))
	if err != nil {
		t.Fatal(err)
	}
	m := New(uitest.Context(), c, t.Context(), base)
	if cr := m.Again()().(CreatedMsg); cr.Err != nil || cr.Created.Session.DisplayTitle() != "From the flags" {
		t.Errorf("again with nothing asked: %+v", cr)
	}
	if cr := m.Start(client.CreateRequest{Title: "From the form"})().(CreatedMsg); cr.Err != nil || cr.Created.Session.DisplayTitle() != "From the form" {
		t.Errorf("the form's: %+v", cr)
	}
	if cr := m.Again()().(CreatedMsg); cr.Err != nil || cr.Created.Session.DisplayTitle() != "From the form" {
		t.Errorf("again after the form: %+v", cr)
	}
	for code, want := range map[string]string{client.CodeForbiddenProfile: "is for an owner", client.CodeIsolationUnavailable: "cannot make the box",
		client.CodeNotImplemented: "not implemented", client.CodeOutOfCredit: ""} {
		r, _ := uitest.Find[CreateRefused](m.Update(CreatedMsg{Err: &client.Error{Status: 403, Code: code, Message: "no"}}))
		if want == "" && r.Meaning != "" || !strings.Contains(r.Meaning, want) {
			t.Errorf("%s means %q", code, r.Meaning)
		}
	}
}

// TestWatch: a session the host shows opens to watch (not claimed, until
// it is opened from the list), one it does not show is said so with what
// works instead, and another failure is said as it is.
func TestWatch(t *testing.T) {
	t.Parallel()
	m, _, id := onHost(t)
	cmd, act := m.Watch(id)
	if said(act) != "looking for session "+id+"…" {
		t.Errorf("watching says %q", said(act))
	}
	act = m.Update(cmd().(Msg))
	if w, ok := act.(WatchOpen); !ok || w.ID != id || !strings.HasPrefix(w.Said, "watching "+id+": this terminal does not claim its lease") {
		t.Fatalf("a session the host shows: %#v", act)
	}
	if !m.Watched(id) {
		t.Error("the session opened to watch is not kept as watched")
	}
	m.Claim(id)
	if m.Watched(id) {
		t.Error("a session opened from the list is still watched")
	}
	cmd, _ = m.Watch("s999\x1b")
	act = m.Update(cmd().(Msg))
	if n, ok := uitest.Find[NotWatchable](act); !ok || n.ID != "s999\x1b" || said(act) != "no session s999␛ you can watch" {
		t.Errorf("a session the host does not show: %v", uitest.Actions(act))
	}
	boom := &client.Error{Status: 500, Code: "internal", Message: "down"}
	if act := m.Update(WatchedMsg{ID: id, Err: boom}); errOf(act) == "" || said(act) != "" {
		t.Errorf("a failed look-up: %v", uitest.Actions(act))
	}
	for _, a := range []ui.Action{WatchOpen{}, NotWatchable{}} {
		if a.Source() != ui.FromManage {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}
