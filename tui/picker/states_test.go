package picker

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// The picker in the states the root's flows end in (tui's TestPicker,
// TestPickerEmptyAndLoading, TestLivePickerScreens), held as the root
// holds it: told who the person is and that it shows after every message,
// sized to what the header and the status line leave. The root's tests
// read the same goldens at the end of their flows (tui's drawnAs).

// rooted is Ada's picker on terminal cli-me, of the test host's graph
// demo, at the size the layout gives it on a w x h screen, started and
// listing.
func rooted(w, h int) *Picker {
	ctx := uitest.Context()
	ctx.ClientID = "cli-me"
	p := NewPicker(ctx, Host{Gardend: "http://127.0.0.1:9", Service: "http://127.0.0.1:9", Graph: "demo"}, 0)
	p.Reload("")
	p.Set(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, "")
	p.Start(true)
	p.SetSize(w, h-3)
	return p
}

// hand gives the picker msgs as the root does: each, then who the person
// is and that it shows, then its size again (the root lays the screen out
// after every message).
func hand(p *Picker, msgs ...tea.Msg) {
	for _, msg := range msgs {
		p.Update(msg)
		p.Set(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, "")
		p.Sync(true)
		p.SetSize(p.width, p.height)
	}
}

// sessions is the listing the root's tests give: uitest.Sessions, its
// first and last swapped (a listing is taken as given, not sorted).
func sessions() []wire.Summary {
	list := uitest.Sessions()
	list[0], list[4] = list[4], list[0]
	return list
}

// check compares the picker drawn, without styling, with
// testdata/<Test>/<case>.golden.
func check(t *testing.T, p *Picker) {
	t.Helper()
	lines := strings.Split(xansi.Strip(p.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), strings.Join(lines, "\n")+"\n", *update)
}

// TestPickerDrawn is the picker of tui's TestPicker: the list, moving,
// filtering; the keys that open the rename and delete dialogs (the picker
// stays as it is under them); a delete or a clone listing again.
func TestPickerDrawn(t *testing.T) {
	t.Parallel()
	typed := func(s string) []tea.Msg {
		var out []tea.Msg
		for _, r := range s {
			out = append(out, uitest.Press(r))
		}
		return out
	}
	down, f6, f7, f8 := uitest.Key(tea.KeyDown), uitest.Key(tea.KeyF6), uitest.Key(tea.KeyF7), uitest.Key(tea.KeyF8)
	cases := []struct {
		name   string
		w, h   int
		msgs   []tea.Msg
		reload string // a delete or a clone answered: the root lists again, selecting this
	}{
		{name: "list", w: 80, h: 24},
		{name: "wide", w: 160, h: 20},
		{name: "select down", w: 80, h: 24, msgs: []tea.Msg{down, down}},
		{name: "filter", w: 80, h: 24, msgs: typed("lea")},
		{name: "filter no match", w: 80, h: 24, msgs: typed("zzz")},
		{name: "filter edited", w: 80, h: 24, msgs: append(typed("leax"), uitest.Key(tea.KeyBackspace))},
		{name: "filter cleared by esc", w: 80, h: 24, msgs: append(typed("lea"), uitest.Key(tea.KeyEscape))},
		{name: "rename dialog", w: 80, h: 24, msgs: []tea.Msg{down, f6}},
		{name: "delete confirmation", w: 80, h: 24, msgs: []tea.Msg{down, f8}},
		{name: "delete cancelled", w: 80, h: 24, msgs: []tea.Msg{down, f8}},
		{name: "deleted", w: 80, h: 24, msgs: []tea.Msg{down, f8}, reload: "-"},
		{name: "deleted mirror not trashed", w: 80, h: 24, reload: "-"},
		{name: "delete refused", w: 80, h: 24},
		{name: "cloned", w: 80, h: 24, msgs: []tea.Msg{f7}, reload: "s6"},
		{name: "help", w: 80, h: 24},
		{name: "help closed", w: 80, h: 24},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := rooted(c.w, c.h)
			hand(p, ListedMsg{Gen: p.Asked(), Principal: "user:ada", List: sessions()})
			hand(p, c.msgs...)
			if c.reload != "" {
				p.Reload(strings.TrimPrefix(c.reload, "-"))
			}
			check(t, p)
		})
	}
}

// TestPickerEmptyAndLoadingDrawn is the picker of tui's
// TestPickerEmptyAndLoading: before its first listing, and with none.
func TestPickerEmptyAndLoadingDrawn(t *testing.T) {
	t.Parallel()
	p := rooted(80, 12)
	t.Run("loading", func(t *testing.T) { check(t, p) })
	hand(p, ListedMsg{Gen: p.Asked(), Principal: "user:ada"})
	t.Run("empty", func(t *testing.T) { check(t, p) })
}

// TestLivePickerScreensDrawn is the live picker of tui's
// TestLivePickerScreens: a run under way and chimes pending, the preview,
// its loading and its failure, a failed poll.
func TestLivePickerScreensDrawn(t *testing.T) {
	t.Parallel()
	down := uitest.Key(tea.KeyDown)
	running := func(p *Picker) {
		list := uitest.Sessions()
		sortNewest(list) // s4 s3 s2 s5 s1
		list[2].Status = "running"
		hand(p, ListedMsg{Gen: p.Asked(), Principal: "user:ada", List: list})
		snap := uitest.Snapshot(nil)
		snap.Session.UpdatedAt = list[2].UpdatedAt
		snap.Chimes = []wire.Chime{{ChimeID: "c1", Author: "Bo", Text: "hi"}, {ChimeID: "c2", Author: "Bo", Text: "and"}}
		hand(p, PeekMsg{Opened: p.Opened(), ID: "s2", Rev: list[2].UpdatedAt, Snap: snap}, down, down)
	}
	cases := []struct {
		name string
		w, h int
		do   func(p *Picker)
	}{
		{"running and chimes", 80, 24, running},
		{"preview", 140, 24, running},
		{"preview loading", 140, 24, func(*Picker) {}},
		{"preview failed", 140, 24, func(p *Picker) {
			hand(p, PeekMsg{Opened: p.Opened(), ID: p.SelectedID(), Err: &wire.Error{Status: 404, Code: wire.CodeNotFound}})
		}},
		{"poll failed", 80, 24, func(p *Picker) {
			hand(p, PollTickMsg{Opened: p.Opened()})
			hand(p, ListedMsg{Gen: p.Asked(), Poll: p.Opened(), Err: &wire.Error{Status: 503, Code: "unavailable"}})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := rooted(c.w, c.h)
			hand(p, ListedMsg{Gen: p.Asked(), Principal: "user:ada", List: sessions()})
			c.do(p)
			check(t, p)
		})
	}
}

// sortNewest orders sessions by their last change, newest first, as the
// root's listing does.
func sortNewest(list []wire.Summary) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].UpdatedAt.After(list[j-1].UpdatedAt); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}

// TestPickerModes: the picker says its mode, one of Modes, as the
// typing-safety harness reads it: loading, listed, filtered, marked,
// empty, failed.
func TestPickerModes(t *testing.T) {
	t.Parallel()
	p := rooted(80, 24)
	if p.Mode() != "loading" {
		t.Errorf("before the listing: %q", p.Mode())
	}
	hand(p, ListedMsg{Gen: p.Asked(), Principal: "user:ada", List: sessions()})
	if p.Mode() != "list" {
		t.Errorf("listed: %q", p.Mode())
	}
	hand(p, uitest.Press('l'))
	if p.Mode() != "filtered" {
		t.Errorf("filtered: %q", p.Mode())
	}
	hand(p, uitest.Key(tea.KeyEscape), uitest.Key(tea.KeySpace))
	if p.Mode() != "marked" {
		t.Errorf("marked: %q", p.Mode())
	}
	p = rooted(80, 24)
	hand(p, ListedMsg{Gen: p.Asked(), Principal: "user:ada"})
	if p.Mode() != "empty" {
		t.Errorf("none listed: %q", p.Mode())
	}
	p = rooted(80, 24)
	hand(p, ListedMsg{Gen: p.Asked(), Err: &wire.Error{Status: 503, Code: "unavailable", Message: "down"}})
	if p.Mode() != "failed" {
		t.Errorf("the listing failed: %q", p.Mode())
	}
	for _, m := range []string{"recovered", "last wall"} {
		if !slices.Contains(Modes(), m) {
			t.Errorf("Modes has no %q", m)
		}
	}
}
