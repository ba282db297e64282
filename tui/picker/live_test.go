package picker

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestPickerPolls: nothing is scheduled before Start; while it shows, a
// poll's tick lists again (or, while a listing the person asked for is
// under way, only schedules the next poll); a failed poll keeps the list
// and says it is not refreshed, until a poll answers; a tick or answer of
// an earlier opening, or an older listing, changes nothing.
func TestPickerPolls(t *testing.T) {
	p := NewPicker(uitest.Context(), Host{}, time.Second)
	p.SetSize(100, 12)
	if cmd := p.Sync(true); cmd != nil || p.Shown() || p.Polls() != 0 {
		t.Fatal("Sync before Start scheduled something")
	}
	if cmd := p.Start(true); cmd == nil || !p.Shown() || p.Polls() != 1 || p.Opened() != 1 {
		t.Fatalf("Start(true): cmd %v, shown %v, polls %d, opened %d", cmd != nil, p.Shown(), p.Polls(), p.Opened())
	}
	if cmd := p.Sync(true); cmd != nil || p.Polls() != 1 {
		t.Error("Sync again, nothing changed, scheduled a poll")
	}
	gen := p.Reload("").(List).Gen
	cmd, act := p.Update(PollTickMsg{Opened: 1})
	if cmd == nil || act != nil || p.Polls() != 2 || p.Asked() != gen {
		t.Errorf("a tick while a listing is under way: cmd %v, %#v, polls %d", cmd != nil, act, p.Polls())
	}
	p.Update(ListedMsg{Gen: gen, List: uitest.Sessions()})
	_, act = p.Update(PollTickMsg{Opened: 1})
	poll, ok := act.(List)
	if !ok || poll != (List{Gen: gen + 1, Poll: 1}) {
		t.Fatalf("a tick reported %#v", act)
	}
	if !p.Takes(ListedMsg{Gen: poll.Gen, Poll: 1}) || p.Takes(ListedMsg{Gen: gen, Poll: 1}) || p.Takes(ListedMsg{Gen: poll.Gen, Poll: 7}) {
		t.Error("Takes does not take the last listing of this opening alone")
	}
	down := &wire.Error{Status: 503, Code: "unavailable", Message: "down"}
	cmd, _ = p.Update(ListedMsg{Gen: poll.Gen, Poll: 1, Err: down})
	if cmd == nil || !strings.Contains(flat(p), "type to filter not refreshed (unavailable): trying again") || len(p.Sessions()) != 5 {
		t.Errorf("a failed poll: next %v, %d listed:\n%s", cmd != nil, len(p.Sessions()), plain(p))
	}
	p.Update(PollTickMsg{Opened: 1})
	cmd, _ = p.Update(ListedMsg{Gen: p.Asked(), Poll: 1, List: uitest.Sessions()[:3]})
	if cmd == nil || strings.Contains(flat(p), "not refreshed") || len(p.Sessions()) != 3 {
		t.Errorf("a poll that answered: next %v, %d listed:\n%s", cmd != nil, len(p.Sessions()), plain(p))
	}
	p.Update(PollTickMsg{Opened: 1})
	if cmd, act := p.Update(ListedMsg{Gen: p.Asked() - 1, Poll: 1, List: nil}); cmd == nil || act != nil || len(p.Sessions()) != 3 {
		t.Errorf("an older poll's answer was taken: %#v, %d listed", act, len(p.Sessions()))
	}

	p.Sync(false)
	if p.Shown() || p.Opened() != 2 {
		t.Fatalf("Sync(false): shown %v, opened %d", p.Shown(), p.Opened())
	}
	polls := p.Polls()
	if cmd, act := p.Update(PollTickMsg{Opened: 1}); cmd != nil || act != nil {
		t.Errorf("a tick of the opening that ended: %v, %#v", cmd != nil, act)
	}
	if cmd, act := p.Update(ListedMsg{Gen: p.Asked(), Poll: 1, List: nil}); cmd != nil || act != nil || len(p.Sessions()) != 3 {
		t.Errorf("an answer of the opening that ended was taken: %#v", act)
	}
	if cmd := p.Sync(false); cmd != nil || p.Polls() != polls {
		t.Error("closed, the picker scheduled a poll")
	}
	if cmd := p.Sync(true); cmd == nil || p.Polls() != polls+1 || p.Opened() != 3 {
		t.Errorf("opened again: polls %d, opened %d", p.Polls(), p.Opened())
	}
}

// TestPickerPreviewRests: on a wide terminal the selection's preview is
// asked for once it rests on a session; a rest of an earlier move, or on a
// narrow terminal, asks nothing. (s2, on a public graph, takes no chimes:
// only its preview asks for its turns.)
func TestPickerPreviewRests(t *testing.T) {
	for _, w := range []int{140, 80} {
		p := listed(t, w, 24)
		answerAll(p)
		p.all[1].Funding = "byok"
		delete(p.peeks, "s2")
		p.Update(down)
		if cmd := p.Sync(true); cmd == nil {
			t.Fatal("a move scheduled no rest")
		}
		moved := p.restGen
		p.Update(down)
		p.Update(up)
		if cmd := p.Sync(true); cmd != nil {
			t.Error("back where the last rest was scheduled, another was")
		}
		p.rest("s2") // as a move away and back would
		if _, act := p.Update(RestMsg{Gen: moved, ID: "s2"}); act != nil {
			t.Errorf("at %d the rest of an earlier move asked %#v", w, act)
		}
		_, act := p.Update(RestMsg{Gen: p.restGen, ID: "s2"})
		if in, ok := act.(Inspect); (w == 140) != (ok && in.ID == "s2" && in.Opened == p.Opened()) {
			t.Errorf("a rest on s2 at %d columns asked %#v", w, act)
		}
	}
}

// answerAll answers every inspection the picker asks for, with no turns.
func answerAll(p *Picker) {
	for p.peeking != "" {
		id := p.peeking
		var rev time.Time
		for _, s := range p.all {
			if s.SessionID == id {
				rev = s.UpdatedAt
			}
		}
		p.Update(PeekMsg{Opened: p.Opened(), ID: id, Rev: rev, Snap: &wire.Snapshot{}})
	}
}

// preview is the picker's preview pane, as the person reads it.
func preview(p *Picker) string {
	var out []string
	for _, l := range strings.Split(plain(p), "\n") {
		if _, right, ok := strings.Cut(l, "│"); ok {
			out = append(out, strings.TrimSpace(right))
		}
	}
	return strings.Join(out, "\n")
}

// TestPickerPreview shows the selected session's last turns at the right
// of the list on a wide terminal, as the transcript names them: you, a
// collaborator by name, the assistant's reply and its tool calls, a tool's
// result; the pending chimes, in the header and the list; a turn's first
// lines only; and why no turns show when there are none.
func TestPickerPreview(t *testing.T) {
	p := listed(t, 140, 30)
	if got := preview(p); !strings.Contains(got, "Expired lease\nreading its last turns…") {
		t.Errorf("before its peek the preview says:\n%s", got)
	}
	snap := uitest.Snapshot(nil)
	snap.Session.SessionID = "s4"
	snap.Chimes = make([]wire.Chime, 2)
	snap.Transcript = append(snap.Transcript,
		wire.TranscriptItem{Role: "user", Text: "[Bo collaborator]\nwhat about \x1b[2Jleases?"},
		wire.TranscriptItem{Role: "toolResult", ToolName: "search_documents", IsError: true},
		wire.TranscriptItem{Role: "user", Text: "one\ntwo\nthree\nfour\nfive\nsix"})
	p.Update(PeekMsg{Opened: p.Opened(), ID: "s4", Rev: uitest.Now, Snap: snap})
	if got := preview(p); !strings.Contains(got, "reading its last turns…") {
		t.Errorf("a peek not drawn yet shows:\n%s", got)
	}
	p.SetSize(140, 30) // the root lays out after every message: the peek is drawn
	got := preview(p)
	for _, w := range []string{"Expired lease", "last turns · 2 chimes pending", "you\nWhat is a lease?",
		"assistant\nLet me look.\n⚙ search_documents", "Leases", "one driver", "Bo (collaborator)\nwhat about ␛[2Jleases?",
		"⚙ search_documents ✗ error", "you\none\ntwo\nthree\nfour\n…"} {
		if !strings.Contains(got, w) {
			t.Errorf("the preview lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "five") || strings.Contains(got, "[Bo collaborator]") {
		t.Errorf("the preview shows a turn whole, or the chime's attribution line:\n%s", got)
	}
	uitest.CheckInert(t, p.View())
	if row := listRow(p, "Expired lease"); !strings.Contains(row, "idle 2 nobody") {
		t.Errorf("the list does not count the chimes: %q", row)
	}
	golden(t, "turns", plain(p))

	snap.Chimes, snap.Transcript = make([]wire.Chime, 1), nil
	p.Update(PeekMsg{Opened: p.Opened(), ID: "s4", Rev: uitest.Now, Snap: snap})
	p.SetSize(140, 30)
	if got := preview(p); !strings.Contains(got, "last turns · 1 chime pending\nnothing said yet") {
		t.Errorf("a session with no turns:\n%s", got)
	}
	p.Update(PeekMsg{Opened: p.Opened(), ID: "s4", Rev: uitest.Now, Err: &wire.Error{Status: 403, Code: "forbidden"}})
	p.SetSize(140, 30)
	if got := strings.Join(strings.Fields(preview(p)), " "); !strings.Contains(got, "its last turns could not be read (forbidden): tried again at the next refresh") {
		t.Errorf("a failed inspection:\n%s", got)
	}
	if row := listRow(p, "Expired lease"); !strings.Contains(row, "idle nobody") {
		t.Errorf("a failed inspection counts chimes: %q", row)
	}
	p.Update(PeekMsg{Opened: p.Opened(), ID: "s4", Rev: uitest.Now, Err: errors.New("reset")})
	p.SetSize(140, 30)
	if got := preview(p); !strings.Contains(got, "(no answer)") {
		t.Errorf("a transport failure:\n%s", got)
	}
	if turns, ok := p.Peeked("s4"); !ok || turns != 0 {
		t.Errorf("Peeked(s4) = %d, %v", turns, ok)
	}
	if _, ok := p.Peeked("s9"); ok {
		t.Error("Peeked(s9): a session never inspected was")
	}

	for _, r := range "zzz" {
		p.Update(uitest.Press(r))
	}
	if got := preview(p); strings.TrimSpace(got) != "" {
		t.Errorf("with nothing selected the preview shows:\n%s", got)
	}
	if narrow := listed(t, 119, 20); strings.Contains(plain(narrow), "│") {
		t.Errorf("at 119 columns a preview shows:\n%s", plain(narrow))
	}
}

// listRow is the list's row of title, left of the preview, its words one
// space apart.
func listRow(p *Picker, title string) string {
	for _, l := range strings.Split(plain(p), "\n") {
		if left, _, _ := strings.Cut(l, "│"); strings.Contains(left, title) {
			return strings.Join(strings.Fields(left), " ")
		}
	}
	return ""
}

// TestClipText cuts on a rune boundary.
func TestClipText(t *testing.T) {
	if got := clipText("née", 2); got != "n…" {
		t.Errorf("clipText = %q", got)
	}
	if got := clipText("née", 4); got != "née" {
		t.Errorf("clipText of a text that fits = %q", got)
	}
	for in, author := range map[string]string{"[Bo collaborator]\nhi": "Bo", "[ collaborator]\nhi": "", "[Bo collaborator]": "",
		"Bo collaborator]\nhi": ""} {
		if got, _ := attributed(in); got != author {
			t.Errorf("attributed(%q) = %q, want %q", in, got, author)
		}
	}
}
