package transcript

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// needles is 60 turns of which 5, 20 and 40 hold "needle" (turn 5 twice,
// once in capitals), 80 x 24, following the end, with the search bar
// shown and open.
func needles() (*Transcript, *Search, *fakeSource) {
	es := turns(1, 60)
	es[4].Text = "turn 5 has a needle and a NEEDLE"
	es[19].Text = "turn 20 has a needle"
	es[39].Text = "turn 40 has a needle"
	tr := New(uitest.Context())
	src := &fakeSource{es: es}
	tr.Open(src)
	tr.SetSize(80, 24)
	tr.EntriesChanged()
	b := tr.Search()
	b.SetSize(80, 1)
	b.SetShown(true)
	b.Open()
	return tr, b, src
}

// typeInto types s into the bar, a key a rune.
func typeInto(b *Search, s string) {
	for _, r := range s {
		b.Update(uitest.Press(r))
	}
}

// bar is the search bar without styling, its right end trimmed.
func bar(b *Search) string { return strings.TrimRight(xansi.Strip(b.View()), " ") }

// TestSearchCountsAndMoves: typing searches every entry and shows the
// first match from the window's top down; ↓↑ while typing, n and N (and
// enter, shift+enter) once done, move between the matches, each scrolled
// into view.
func TestSearchCountsAndMoves(t *testing.T) {
	tr, b, _ := needles()
	if !b.Active() || b.Height() != 1 {
		t.Fatal("the bar does not show")
	}
	typeInto(b, "needle")
	if b.Status() != "1 of 4" || !strings.Contains(plain(tr), "turn 5 has a needle") || tr.Following() {
		t.Fatalf("needle: %q, following %v:\n%s", b.Status(), tr.Following(), plain(tr))
	}
	if want := "/ needle▏ · 1 of 4"; !strings.HasPrefix(bar(b), want) || !strings.HasSuffix(bar(b), "esc close · ↓↑ move · enter done") {
		t.Errorf("the bar while typing: %q", bar(b))
	}
	steps := []struct {
		key              tea.KeyPressMsg
		status, onScreen string
	}{
		{uitest.Key(tea.KeyDown), "2 of 4", "turn 5 has"},
		{enter, "2 of 4", "turn 5 has"}, // done typing
		{uitest.Press('n'), "3 of 4", "turn 20 has a needle"},
		{enter, "4 of 4", "turn 40 has a needle"},
		{uitest.Press('N'), "3 of 4", "turn 20 has a needle"},
		{uitest.Key(tea.KeyUp), "2 of 4", "turn 5 has"},
	}
	for _, s := range steps {
		b.Update(s.key)
		if b.Status() != s.status || !strings.Contains(plain(tr), s.onScreen) {
			t.Fatalf("%s: %q, want %q with %q on screen:\n%s", s.key, b.Status(), s.status, s.onScreen, plain(tr))
		}
	}
	if b.Query() != "needle" || !strings.HasSuffix(bar(b), "esc close · n/N move · / edit") {
		t.Errorf("done typing: query %q, bar %q", b.Query(), bar(b))
	}
	b.Update(uitest.Press('/'))
	typeInto(b, "s")
	if b.Query() != "needles" || b.Status() != "" && !strings.HasPrefix(b.Status(), "no match") {
		t.Errorf("/ then s: query %q, %q", b.Query(), b.Status())
	}
	if !strings.Contains(bar(b), "no match for “needles”") {
		t.Errorf("the bar with no match: %q", bar(b))
	}
}

// TestSearchRefinesAndHighlights: a refined query keeps its match, a
// letter typed while browsing goes to the query, a paste too; the window
// highlights every match while the bar shows, the current one in its own
// style, and none once it is hidden.
func TestSearchRefinesAndHighlights(t *testing.T) {
	tr, b, _ := needles()
	typeInto(b, "needlez")
	if b.Status() != "no match for “needlez”" {
		t.Fatalf("needlez: %q", b.Status())
	}
	b.Update(uitest.Key(tea.KeyBackspace))
	b.Update(enter)
	b.Update(uitest.Press(' '))
	if b.Query() != "needle " || b.Status() != "1 of 1" {
		t.Errorf("a space typed while browsing: %q, %q", b.Query(), b.Status())
	}
	b.Update(tea.PasteMsg{Content: "and"})
	if b.Query() != "needle and" || b.Status() != "1 of 1" {
		t.Errorf("a paste: %q, %q", b.Query(), b.Status())
	}
	tr.Search().Clear()
	typeInto(b, "needle")
	st := tr.Styles()
	frame := tr.View()
	if !strings.Contains(frame, st.MatchCurrent.Render("needle")) || !strings.Contains(frame, st.Match.Render("NEEDLE")) {
		t.Fatalf("the matches are not highlighted:\n%q", frame)
	}
	if _, act := b.Update(uitest.Key(tea.KeyEscape)); act != (ui.Done{}) {
		t.Errorf("esc reported %#v", act)
	}
	b.SetShown(false)
	if strings.Contains(tr.View(), st.Match.Render("NEEDLE")) || b.Active() || b.Height() != 0 {
		t.Error("the highlights stay after the bar is hidden")
	}
	if b.Query() != "needle" {
		t.Errorf("closing forgot the query: %q", b.Query())
	}
}

// TestSearchFollowsTheEntries: entries appended, a reply that changes
// (its version moves) and another session's entries are searched without
// a new query.
func TestSearchFollowsTheEntries(t *testing.T) {
	tr, b, src := needles()
	typeInto(b, "needle")
	src.es = append(src.es, wire.Entry{Key: 100, Kind: wire.EntryMessage, Role: wire.RoleUser, Text: "a needle at the end", Rev: 1})
	b.Sync()
	if b.Status() != "1 of 5" || b.Indexed() != 61 {
		t.Errorf("an entry appended: %q over %d", b.Status(), b.Indexed())
	}
	src.es[0].Text, src.es[0].Rev = "turn 1 grew a needle", 2
	b.Sync()
	if _, n := b.idx.Position(); n != 6 {
		t.Errorf("a changed entry: %d matches, want 6", n)
	}
	src.es = append(src.es, turns(200, resyncMax)...)
	b.Sync()
	for i := range resyncMax + 1 {
		src.es[i+1].Rev++
	}
	src.es[resyncMax].Text = "one more needle"
	b.Sync() // more changed than resyncMax: indexed again
	if _, n := b.idx.Position(); n != 7 || b.Indexed() != 61+resyncMax {
		t.Errorf("indexed again: %d matches over %d", n, b.Indexed())
	}
	tr.Open(&fakeSource{es: turns(0, 3)})
	b.Sync()
	if b.Status() != "no match for “needle”" || b.Indexed() != 3 {
		t.Errorf("another session: %q over %d", b.Status(), b.Indexed())
	}
	b.SetQuery("turn")
	if b.Indexed() != 0 {
		t.Error("a new query kept the index")
	}
	b.Open()
	if b.Indexed() != 3 {
		t.Errorf("opened, %d indexed", b.Indexed())
	}
	tr.Open(nil)
	b.Sync()
	if b.Active() || b.Indexed() != 0 || b.Status() != "" {
		t.Error("with no session the search kept its index")
	}
}

// TestSearchFindsChipsAndNotices: a chip is found by its tool's name, a
// notice by its words and detail.
func TestSearchFindsChipsAndNotices(t *testing.T) {
	es := conversation()
	es = append(es, wire.Entry{Key: 20, Kind: wire.EntryNotice, Event: wire.EvSessionForked, Subject: "s9", Text: "from e3", Rev: 1})
	tr, _ := opened(uitest.Context(), es, 80, 40)
	b := tr.Search()
	b.SetShown(true)
	b.Open()
	for q, want := range map[string]string{"search_documents": "1 of 1", "forked as s9": "1 of 1", "from e3": "1 of 1"} {
		b.Clear()
		typeInto(b, q)
		if b.Status() != want {
			t.Errorf("%q: %q, want %q", q, b.Status(), want)
		}
	}
}

// TestSearchBarKeysAndWidths: ctrl+f while typing changes nothing, the
// help says the keys of the mode, and a narrow bar drops its hints.
func TestSearchBarKeysAndWidths(t *testing.T) {
	_, b, _ := needles()
	typeInto(b, "turn")
	b.Update(tea.KeyPressMsg{Code: 'f', Mod: tea.ModCtrl})
	if b.Query() != "turn" {
		t.Errorf("ctrl+f went into the query: %q", b.Query())
	}
	if k := b.ShortHelp(); len(k) != 4 || k[2].Help().Key != "enter" {
		t.Errorf("the keys while typing: %v", k)
	}
	b.Update(enter)
	if k := b.ShortHelp(); len(k) != 4 || k[0].Help().Key != "n" || len(b.FullHelp()) != 2 {
		t.Errorf("the keys done typing: %v", k)
	}
	b.SetSize(30, 1)
	if got := bar(b); !strings.HasPrefix(got, "/ turn · 56 of 60 ") || !strings.HasSuffix(got, "esc close") || strings.Contains(got, "move") {
		t.Errorf("at 30 cells the bar is %q", got)
	}
	if w := xansi.StringWidth(b.View()); w != 30 {
		t.Errorf("the bar is %d cells wide", w)
	}
	b.SetSize(18, 1)
	if got := bar(b); got != "/ turn · 56 of 60" {
		t.Errorf("at 18 cells the bar is %q", got)
	}
	b.Update(uitest.Press('/'))
	if _, act := b.Update(uitest.Key(tea.KeyEscape)); act != (ui.Done{}) || b.ShortHelp()[0].Help().Key != "n" {
		t.Errorf("esc while typing: %#v", act)
	}
}

// TestSearchRevealsEachMatchOfATallEntry: the matches of an entry taller
// than the window are each scrolled into view, the current one never left
// under the marker.
func TestSearchRevealsEachMatchOfATallEntry(t *testing.T) {
	rows := make([]string, 40)
	for k := range rows {
		rows[k] = fmt.Sprintf("row %d", k)
	}
	rows[10], rows[16] = "row 10 needle", "row 16 needle"
	es := append([]wire.Entry{{Key: 0, Kind: wire.EntryMessage, Role: wire.RoleUser, Text: strings.Join(rows, "\n"), Rev: 1}},
		turns(1, 10)...)
	tr := New(uitest.Context())
	tr.Open(&fakeSource{es: es})
	tr.SetSize(60, 10)
	tr.EntriesChanged()
	b := tr.Search()
	b.SetShown(true)
	b.Open()
	typeInto(b, "needle")
	for _, want := range []string{"row 10 needle", "row 16 needle"} {
		lines := strings.Split(plain(tr), "\n")
		if !strings.Contains(strings.Join(lines[:len(lines)-1], "\n"), want) {
			t.Errorf("%s: %q is not above the marker:\n%s", b.Status(), want, plain(tr))
		}
		b.Update(uitest.Key(tea.KeyDown))
	}
}

// TestOnSearchKey: ctrl+f asks for the bar, ctrl+home goes to the first
// entry from anywhere; while the bar is open its keys are the bar's but
// the session's own (its list, tab), and esc closes it; other keys are not
// the search's.
func TestOnSearchKey(t *testing.T) {
	tr, b, _ := needles()
	b.Close()
	ctrl := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }
	if _, act, ok := tr.OnSearchKey(ctrl('f'), false); !ok || act != (OpenSearch{}) {
		t.Errorf("ctrl+f: %v %#v", ok, act)
	}
	if _, act, ok := tr.OnSearchKey(uitest.Press('x'), false); ok || act != nil {
		t.Errorf("a letter outside the bar was the search's: %#v", act)
	}
	if !tr.Following() {
		t.Fatal("the window does not start at the end")
	}
	_, _, ok := tr.OnSearchKey(tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl}, false)
	if first, _ := tr.Window(); !ok || first != 0 || tr.Following() {
		t.Errorf("ctrl+home did not go to the first entry (%v, entry %d at the top)", ok, first)
	}
	b.Open()
	for _, r := range "needle" {
		if _, _, ok := tr.OnSearchKey(uitest.Press(r), true); !ok {
			t.Fatalf("%q in the bar was not the bar's", r)
		}
	}
	if b.Query() != "needle" {
		t.Errorf("the query is %q", b.Query())
	}
	if _, _, ok := tr.OnSearchKey(uitest.Key(tea.KeyTab), true); ok {
		t.Error("tab in the bar was the bar's, not the panes'")
	}
	if _, act, ok := tr.OnSearchKey(uitest.Key(tea.KeyEscape), true); !ok || act != (ui.Done{}) {
		t.Errorf("esc in the bar: %v %#v", ok, act)
	}
}

// TestOnScrollKey: page and line keys move the window, ctrl+end follows
// the end again; other keys are not the scroll's.
func TestOnScrollKey(t *testing.T) {
	tr, _, _ := needles()
	k := &tr.ctx.Keys
	first := func() int { f, _ := tr.Window(); return f }
	bottom := first()
	press := func(b key.Binding) bool {
		t.Helper()
		ks := b.Keys()
		if len(ks) == 0 {
			t.Fatal("an unbound key")
		}
		return tr.OnScrollKey(pressOf(ks[0]))
	}
	if !press(k.PageUp) || first() >= bottom || tr.Following() {
		t.Fatalf("page up: entry %d at the top (was %d), following %v", first(), bottom, tr.Following())
	}
	paged := first()
	if !press(k.LineUp) || first() > paged {
		t.Errorf("line up: entry %d at the top (was %d)", first(), paged)
	}
	if !press(k.LineDown) || !press(k.PageDown) {
		t.Error("line down or page down was not the scroll's")
	}
	press(k.PageUp)
	if !press(k.Bottom) || !tr.Following() {
		t.Error("ctrl+end does not follow the end again")
	}
	if tr.OnScrollKey(uitest.Press('x')) {
		t.Error("a letter was the scroll's")
	}
}

// pressOf is the key press a key's name says ("pgup", "ctrl+end", "alt+up").
func pressOf(name string) tea.KeyPressMsg {
	var msg tea.KeyPressMsg
	for _, part := range strings.Split(name, "+") {
		switch part {
		case "ctrl":
			msg.Mod |= tea.ModCtrl
		case "alt":
			msg.Mod |= tea.ModAlt
		case "shift":
			msg.Mod |= tea.ModShift
		case "pgup":
			msg.Code = tea.KeyPgUp
		case "pgdown":
			msg.Code = tea.KeyPgDown
		case "up":
			msg.Code = tea.KeyUp
		case "down":
			msg.Code = tea.KeyDown
		case "end":
			msg.Code = tea.KeyEnd
		case "home":
			msg.Code = tea.KeyHome
		default:
			msg.Code = []rune(part)[0]
		}
	}
	return msg
}
