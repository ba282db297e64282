package tui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Keys of the search.
var (
	keyCtrlF    = tea.KeyPressMsg{Code: 'f', Mod: tea.ModCtrl}
	keyCtrlHome = tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl}
	keyHome     = tea.KeyPressMsg{Code: tea.KeyHome}
	keyEnd      = tea.KeyPressMsg{Code: tea.KeyEnd}
	keyLeft     = tea.KeyPressMsg{Code: tea.KeyLeft}
)

// needles is session s1 with 60 numbered turns; turns 5, 20 and 40 hold
// "needle" (turn 5 twice, once in capitals).
func needles() *client.Snapshot {
	s := long(60)
	s.Transcript[4].Text = "turn 5 has a needle and a NEEDLE"
	s.Transcript[19].Text = "turn 20 has a needle"
	s.Transcript[39].Text = "turn 40 has a needle"
	return s
}

// searching is the needles session open at w x h with the draft "hello
// world" typed, its cursor moved three to the left.
func searching(t *testing.T, w, h int) *Model {
	t.Helper()
	m := opened(t, testConfig(t), w, h, needles(), nil)
	feed(m, typing("hello world")...)
	feed(m, keyLeft, keyLeft, keyLeft)
	return m
}

// bottomLines is the screen's last n lines.
func bottomLines(m *Model, n int) string {
	lines := strings.Split(strings.TrimRight(screen(m), "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

func TestSearchCountsAndMoves(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := searching(t, size[0], size[1])
			feed(m, keyCtrlF)
			if m.focus != focusSearch || !strings.Contains(bottomLines(m, 2), "/ ") {
				t.Fatalf("ctrl+f shows no search bar:\n%s", screen(m))
			}
			feed(m, typing("needle")...)
			s := screen(m)
			if !strings.Contains(s, "1 of 4") || !strings.Contains(s, "turn 5 has a needle") {
				t.Fatalf("want 1 of 4 with turn 5 on screen:\n%s", s)
			}
			if !strings.Contains(s, "message ") {
				t.Fatalf("scrolled up to a match, the position is not shown:\n%s", s)
			}
			feed(m, keyDown) // ↓ while typing: the second match, in the same turn
			if s := screen(m); !strings.Contains(s, "2 of 4") {
				t.Fatalf("↓ while typing: want 2 of 4:\n%s", s)
			}
			feed(m, keyEnter, press('n')) // done typing, then n
			s = screen(m)
			if !strings.Contains(s, "3 of 4") || !strings.Contains(s, "turn 20 has a needle") {
				t.Fatalf("n: want 3 of 4 with turn 20 on screen:\n%s", s)
			}
			if m.transcript.Search().Query() != "needle" {
				t.Fatalf("n after enter went into the query: %q", m.transcript.Search().Query())
			}
			feed(m, keyEnter)
			if s := screen(m); !strings.Contains(s, "4 of 4") || !strings.Contains(s, "turn 40 has a needle") {
				t.Fatalf("enter: want 4 of 4 with turn 40 on screen:\n%s", s)
			}
			feed(m, press('N'), keyShiftEnter)
			if s := screen(m); !strings.Contains(s, "2 of 4") || !strings.Contains(s, "turn 5 has a needle") {
				t.Fatalf("N, shift+enter: want 2 of 4 with turn 5 on screen:\n%s", s)
			}
		})
	}
}

func TestSearchNoMatchAndRefine(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyCtrlF)
	feed(m, typing("needlez")...)
	if s := bottomLines(m, 2); !strings.Contains(s, "no match for “needlez”") {
		t.Fatalf("want the no-match line:\n%s", s)
	}
	feed(m, keyBackspace)
	if s := bottomLines(m, 2); !strings.Contains(s, "1 of 4") {
		t.Fatalf("backspace to needle: want 1 of 4:\n%s", s)
	}
	feed(m, typing(" and")...)
	if s := screen(m); !strings.Contains(s, "1 of 1") || !strings.Contains(s, "turn 5 has") {
		t.Fatalf("refined to “needle and”: want 1 of 1 at turn 5:\n%s", s)
	}
}

func TestSearchHighlights(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyCtrlF)
	feed(m, typing("needle")...)
	frame := m.View().Content
	cur, other := m.Styles.MatchCurrent.Render("needle"), m.Styles.Match.Render("NEEDLE")
	if !strings.Contains(frame, cur) || !strings.Contains(frame, other) {
		t.Fatalf("want %q (current) and %q highlighted in:\n%q", cur, other, frame)
	}
	feed(m, keyEsc)
	if strings.Contains(m.View().Content, cur) || strings.Contains(m.View().Content, other) {
		t.Fatal("highlights stay after the search closed")
	}
}

func TestSearchKeepsTheDraft(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	col := m.composer.Cursor().Position
	feed(m, keyCtrlF)
	feed(m, typing("needle")...)
	feed(m, keyEnter, press('n'), keyEsc)
	if m.focus != focusSession || m.transcript.Search().Active() {
		t.Fatalf("esc: focus %v, want the composer", m.focus)
	}
	if got := m.composer.Value(); got != "hello world" {
		t.Fatalf("the draft is %q after the search", got)
	}
	if got := m.composer.Cursor().Position; got != col {
		t.Fatalf("the cursor moved from %v to %v", col, got)
	}
	if strings.Contains(bottomLines(m, 2), "/ needle") {
		t.Fatalf("the bar still shows after esc:\n%s", screen(m))
	}
	feed(m, press('Z'))
	if got := m.composer.Value(); got != "hello woZrld" {
		t.Fatalf("typing after esc gave %q, want the cursor where it was", got)
	}
	// ctrl+f never moves the composer's cursor: → does.
	feed(m, keyCtrlF, keyEsc, tea.KeyPressMsg{Code: tea.KeyRight}, press('!'))
	if got := m.composer.Value(); got != "hello woZr!ld" {
		t.Fatalf("ctrl+f then →: %q", got)
	}
}

func TestSearchFromTheEntriesPane(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyShiftTab)
	if m.focus != focusEntries {
		t.Fatalf("shift+tab: focus %v, want the entries", m.focus)
	}
	feed(m, press('/'), keyEnter)
	if m.focus != focusSearch {
		t.Fatalf("/ in the entries pane: focus %v, want the search", m.focus)
	}
	feed(m, typing("turn 20 ")...)
	if s := screen(m); !strings.Contains(s, "1 of 1") || !strings.Contains(s, "turn 20 has") {
		t.Fatalf("want turn 20 found:\n%s", s)
	}
	if got := m.composer.Value(); got != "hello world" {
		t.Fatalf("the draft changed to %q", got)
	}
	feed(m, keyEsc)
	if m.focus != focusSession {
		t.Fatalf("esc: focus %v, want the composer", m.focus)
	}
}

func TestSearchFollowsNewEntries(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyCtrlF)
	feed(m, typing("needle")...)
	feed(m, on(m, event(61, client.EvMessageCompleted,
		`{"entryId":"n61","role":"user","text":"one more needle","timestamp":"2026-10-14T11:00:00Z"}`)))
	if s := bottomLines(m, 2); !strings.Contains(s, "1 of 5") {
		t.Fatalf("a new entry with a match: want 1 of 5:\n%s", s)
	}
	// A reply streaming in: appended, then set again as it grows.
	feed(m, delta(m, "m9", "a needle"))
	if s := bottomLines(m, 2); !strings.Contains(s, "1 of 6") {
		t.Fatalf("a streaming reply with a match: want 1 of 6:\n%s", s)
	}
	feed(m, delta(m, "m9", " and a second needle"), session.FlushMsg{}) // drawn, as any delta, at the flush
	if s := bottomLines(m, 2); !strings.Contains(s, "1 of 7") {
		t.Fatalf("the streaming reply grew a match: want 1 of 7:\n%s", s)
	}
	// The session opened again with another transcript: the index is built
	// again for it, the query kept.
	snap := long(30)
	open(m, "s1")
	feed(m, session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snap,
		Claim: &client.Claimed{Lease: *snap.Session.Lease}})
	if m.focus == focusSearch {
		t.Fatal("the search bar stays open over another session")
	}
	feed(m, keyCtrlF)
	if s := bottomLines(m, 2); !strings.Contains(s, "no match for “needle”") {
		t.Fatalf("another session's search: want no match:\n%s", s)
	}
}

func TestJumpKeys(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyCtrlHome)
	s := screen(m)
	if !strings.Contains(s, "turn 1\n") || !strings.Contains(s, "message 1 of 60") {
		t.Fatalf("ctrl+home: want turn 1 and the position:\n%s", s)
	}
	if m.composer.Value() != "hello world" {
		t.Fatalf("ctrl+home changed the draft: %q", m.composer.Value())
	}
	feed(m, keyCtrlEnd, keyShiftTab, press('g'), keyEnter)
	if s := screen(m); !strings.Contains(s, "turn 1\n") || selIndex(m) != 0 {
		t.Fatalf("g in the entries pane: want turn 1 selected (sel %d):\n%s", selIndex(m), s)
	}
	feed(m, press('G'), keyEnter)
	if s := screen(m); !strings.Contains(s, "turn 60") || strings.Contains(s, "message 1 of") || selIndex(m) != 59 {
		t.Fatalf("G: want the end followed, turn 60 selected (sel %d):\n%s", selIndex(m), s)
	}
	feed(m, keyHome)
	if s := screen(m); !strings.Contains(s, "message 1 of 60") {
		t.Fatalf("home in the entries pane: want the first message:\n%s", s)
	}
	feed(m, keyEnd)
	if s := screen(m); !strings.Contains(s, "turn 60") {
		t.Fatalf("end in the entries pane: want the end:\n%s", s)
	}
	if m.composer.Value() != "hello world" {
		t.Fatalf("the entries pane's keys changed the draft: %q", m.composer.Value())
	}
}

func TestComposerKeepsHomeAndEnd(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyHome, press('>'), keyEnd, press('<'))
	if got := m.composer.Value(); got != ">hello world<" {
		t.Fatalf("home and end in the composer: %q", got)
	}
	if s := screen(m); strings.Contains(s, "message 1 of") || !strings.Contains(s, "turn 60") {
		t.Fatalf("home in the composer scrolled the transcript:\n%s", s)
	}
}

func TestPositionMarker(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{7: "7", 999: "999", 1000: "1,000", 10000: "10,000", 1234567: "1,234,567"} {
		if got := ui.Thousands(n); got != want {
			t.Errorf("ui.Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	m := searching(t, 80, 24)
	feed(m, keyPgUp)
	if s := screen(m); !strings.Contains(s, "message 48 of 60") || !strings.Contains(s, "of 60 · ctrl+end follows") {
		t.Fatalf("scrolled up: want the position:\n%s", s)
	}
}

func TestSearchKeysInTheHelp(t *testing.T) {
	t.Parallel()
	km := ui.DefaultKeyMap()
	listed := map[string]bool{}
	for _, col := range (sessionKeys{&km}).FullHelp() {
		for _, b := range col {
			listed[b.Help().Key] = true
		}
	}
	for _, b := range []key.Binding{km.Search, km.SearchEntries, km.SearchNext, km.SearchPrev, km.SearchClose, km.Top, km.First, km.Last} {
		found := false
		for l := range listed {
			found = found || strings.HasPrefix(l, ui.FirstKey(b))
		}
		if !found {
			t.Errorf("the session's help does not list %q", b.Help().Key)
		}
	}
}

func TestSearchFollowsTheKeyMap(t *testing.T) {
	t.Parallel()
	km := ui.DefaultKeyMap()
	km.Search = key.NewBinding(key.WithKeys("alt+s"), key.WithHelp("alt+s", "search the transcript"))
	km.SearchClose = key.NewBinding(key.WithKeys("ctrl+q"), key.WithHelp("ctrl+q", "close the search"))
	cfg := testConfig(t)
	cfg.Keys = &km
	m := opened(t, cfg, 80, 24, needles(), nil)
	feed(m, keyCtrlF)
	if m.focus == focusSearch {
		t.Fatal("ctrl+f still searches after the search was rebound")
	}
	feed(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModAlt})
	if s := bottomLines(m, 2); m.focus != focusSearch || !strings.Contains(s, "ctrl+q close") {
		t.Fatalf("alt+s: focus %v, want the bar naming ctrl+q:\n%s", m.focus, s)
	}
}

// TestSearchIndexFollowsInsertions inserts entries into the transcript (as
// notes put in place do): near the end the entries that moved are set
// again, at the start the index is built again; the counts stay right.
func TestSearchIndexFollowsInsertions(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, long(200), nil)
	m.tiles.Focused().State().Entries[9].Text = "turn 10 has a needle"
	m.tiles.Focused().State().Entries[9].Rev++
	feed(m, keyCtrlF)
	feed(m, typing("needle")...)
	if s := bottomLines(m, 2); !strings.Contains(s, "1 of 1") {
		t.Fatalf("want 1 of 1:\n%s", s)
	}
	insert := func(at int, text string) {
		es := m.tiles.Focused().State().Entries
		e := client.Entry{Kind: client.EntryMessage, Role: client.RoleUser, Text: text, Rev: 1, EntryID: "x" + text}
		m.tiles.Focused().State().Entries = append(es[:at:at], append([]client.Entry{e}, es[at:]...)...)
	}
	insert(195, "a needle near the end")
	feed(m, keyDown)
	if s := bottomLines(m, 2); !strings.Contains(s, "2 of 2") || m.transcript.Search().Indexed() != 201 {
		t.Fatalf("inserted near the end: want 2 of 2 over 201 entries (%d):\n%s", m.transcript.Search().Indexed(), s)
	}
	insert(0, "a needle at the start")
	feed(m, keyDown)
	if s := bottomLines(m, 2); !strings.Contains(s, "of 3") || m.transcript.Search().Indexed() != 202 {
		t.Fatalf("inserted at the start: want 3 matches over 202 entries (%d):\n%s", m.transcript.Search().Indexed(), s)
	}
	if s := screen(m); !strings.Contains(s, "a needle at the start") && !strings.Contains(s, "turn 10 has a needle") &&
		!strings.Contains(s, "a needle near the end") {
		t.Fatalf("the current match is not on screen:\n%s", s)
	}
}

// TestEntriesStartWhereTheWindowIs: tab to the entries after scrolling up
// selects an entry on screen, not the last of the session, so the window
// stays where the person scrolled.
func TestEntriesStartWhereTheWindowIs(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyPgUp, keyPgUp)
	beforeFirst, beforeLine := m.transcript.Window()
	for i := 0; i < 4 && m.focus != focusEntries; i++ {
		feed(m, keyTab)
	}
	if m.focus != focusEntries {
		t.Fatal("tab never reached the entries")
	}
	es := entries(m)
	if sel, _ := selIndex(m), 0; sel >= len(es)-1 || sel < beforeFirst {
		t.Fatalf("selected entry %d of %d, the window's top is %d", sel, len(es), beforeFirst)
	}
	if first, line := m.transcript.Window(); m.transcript.Following() || first != beforeFirst || line != beforeLine {
		t.Fatalf("the window moved from %d:%d to %d:%d (follow %v)", beforeFirst, beforeLine, first, line,
			m.transcript.Following())
	}
	if s := screen(m); !strings.Contains(s, "▌") {
		t.Fatalf("the selection is not on screen:\n%s", s)
	}
}

// TestCtrlCClosesTheSearch: ctrl+c in the search bar closes it, as esc
// does, instead of arming the quit; the next ctrl+c clears the draft.
func TestCtrlCClosesTheSearch(t *testing.T) {
	t.Parallel()
	m := searching(t, 80, 24)
	feed(m, keyCtrlF)
	feed(m, typing("turn")...)
	feed(m, keyCtrlC)
	if m.focus != focusSession || m.note.QuitArmed() || !strings.Contains(bottomLines(m, 1), "search closed") {
		t.Fatalf("ctrl+c in the search bar: focus %v, quit armed %v:\n%s", m.focus, m.note.QuitArmed(), screen(m))
	}
	feed(m, keyCtrlC)
	if m.composer.Value() != "" || !strings.Contains(bottomLines(m, 1), "draft cleared") {
		t.Fatalf("the next ctrl+c did not clear the draft %q:\n%s", m.composer.Value(), screen(m))
	}
}

// TestSearchHighlightsAcrossLineBreaks (issue 25.13): a match the wrap
// splits ("lease holder" drawn as "lease" at a line's end and "holder" at
// the next one's start, or a word too long for a line broken inside it)
// is counted and highlighted on both lines; a real line end of the text is
// not a space, and a query across it matches nothing, here as in the count.
func TestSearchHighlightsAcrossLineBreaks(t *testing.T) {
	t.Parallel()
	s := long(6)
	s.Transcript[2].Text = "aaaa bbbb cccc dddd eeee ffff lease holder and more words after it"
	s.Transcript[4].Text = "x " + strings.Repeat("w", 30) + "needlework" + " y"
	s.Transcript[5].Text = "the end\nnext line"
	m := opened(t, testConfig(t), 40, 30, s, nil)
	if sc := screen(m); !strings.Contains(sc, "ffff lease\n  holder and") {
		t.Fatalf("the turn does not wrap between lease and holder:\n%s", sc)
	}
	feed(m, keyCtrlF)
	feed(m, typing("lease holder")...)
	cur := m.Styles.MatchCurrent
	if sc := screen(m); !strings.Contains(sc, "1 of 1") {
		t.Fatalf("lease holder is not counted once:\n%s", sc)
	}
	if !strings.Contains(m.View().Content, cur.Render("lease")) || !strings.Contains(m.View().Content, cur.Render("holder")) {
		t.Errorf("the match split by the wrap is not highlighted on both lines:\n%q", m.View().Content)
	}
	feed(m, keyCtrlU)
	feed(m, typing("needlework")...)
	sc := screen(m)
	if !strings.Contains(sc, "1 of 1") {
		t.Fatalf("a word broken by the wrap is not counted once:\n%s", sc)
	}
	head, tail := "", "" // the word's pieces on either side of the break
	lines := strings.Split(sc, "\n")
	for i := 0; i+1 < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if k := strings.Index(l, "needle"); k >= 0 && !strings.Contains(l, "needlework") {
			next, _, _ := strings.Cut(strings.TrimSpace(lines[i+1]), " ")
			head, tail = l[k:], next
		}
	}
	if head == "" || head+tail != "needlework" {
		t.Fatalf("the word is not broken by the wrap (%q, %q):\n%s", head, tail, sc)
	}
	if !strings.Contains(m.View().Content, cur.Render(head)) || !strings.Contains(m.View().Content, cur.Render(tail)) {
		t.Errorf("the broken word's match is not highlighted on both lines:\n%q", m.View().Content)
	}
	feed(m, keyCtrlU)
	feed(m, typing("end next")...)
	if sc := screen(m); !strings.Contains(sc, "no match for “end next”") {
		t.Errorf("a query across a real line end matched:\n%s", sc)
	}
	if strings.Contains(m.View().Content, cur.Render("end")) || strings.Contains(m.View().Content, m.Styles.Match.Render("end")) {
		t.Errorf("a query across a real line end is highlighted:\n%q", m.View().Content)
	}
}
