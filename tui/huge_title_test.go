package tui

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestHugeTitleIsCut (issue 27, item 10): a host that keeps any title (the
// seed's allows 200 characters) gives one of 8 MiB, and a model, a chime's
// author and the lease's holder (its person and client id) as long. What is laid out is
// what can be seen: the header, the picker's row and the room pane show the
// title's start and an ellipsis, and the window's title is cut too (it was
// sent whole, 8 MiB, at every change). Keys stay fast: see
// BenchmarkKeyHugeTitle.
func TestHugeTitleIsCut(t *testing.T) {
	title := hugeTitle(8 << 20)
	long := strings.Repeat("x", 8<<20)
	snap := bigSnapshot(4)
	snap.Session.Title = &title
	snap.Session.Model = "openrouter/" + long
	snap.Session.Lease = &client.Lease{Principal: "user:" + long, ClientID: "cli-" + long, ExpiresAt: t0.Add(time.Hour)}
	snap.Chimes = []client.Chime{{ChimeID: "c1", Author: "bo " + long, Text: "a chime " + long, ReceivedAt: t0}}
	m := New(testConfig(t))
	feed(m, teaSize(100, 30))
	open(m, "s1")
	feed(m, session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snap}, press('x'))

	got := screen(m)
	header := strings.SplitN(got, "\n", 2)[0]
	if !strings.HasPrefix(header, "vehicle · a very long title a very long title") || !strings.Contains(header, "…") {
		t.Errorf("the header does not show the title's start and an ellipsis:\n%s", header)
	}
	if !strings.Contains(got, "bo xxxx") {
		t.Errorf("the room pane does not show the chime's author:\n%s", got)
	}
	for _, l := range strings.Split(got, "\n") {
		if utf8.RuneCountInString(l) > 100 {
			t.Errorf("a line wider than the screen: %.200q", l)
		}
	}
	w := m.View().WindowTitle
	if n := utf8.RuneCountInString(w); n > 256 || !strings.HasPrefix(w, "vehicle · a very long title") ||
		!strings.HasSuffix(w, "…") {
		t.Errorf("the window title (%d runes) is not the title's start cut with an ellipsis: %.120q…", n, w)
	}

	p := New(testConfig(t))
	feed(p, teaSize(100, 30))
	p.Init()
	list := sessions()
	list[0].Title, list[0].Model = &title, snap.Session.Model
	feed(p, picker.ListedMsg{Gen: p.picker.Asked(), Principal: "user:ada", List: list})
	got = screen(p)
	if !strings.Contains(got, "▸ a very long title a very long tit…") {
		t.Errorf("the picker's row does not show the title's start and an ellipsis:\n%s", got)
	}
	feed(p, typing("very long")...)
	if got = screen(p); !strings.Contains(got, "▸ a very long title") {
		t.Errorf("the filter does not find the title by its start:\n%s", got)
	}
}
