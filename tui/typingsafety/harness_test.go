package typingsafety

import (
	"flag"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/testexit"
	"github.com/sophia-labs/vehicle/tui"
)

var runWaiting = flag.Bool("waits", false, "run the cases that wait for a fix too (they are skipped otherwise)")

// TestMain ends the test binary without the race detector's second of
// sleep (internal/testexit). The cases compute more than they wait (the
// model's Update at every key): one per CPU at once, the default, runs them
// soonest.
func TestMain(m *testing.M) { testexit.Main(m) }

// TestTypingSafety types every sentence of the table in every state of it
// and checks that nothing typed acts or is lost:
//
//  1. no request that changes anything (any but a read) reaches the host
//     but the sentence itself, sent as text (a prompt, a follow-up, a
//     chime) by the enter that ends it; nothing quits the program or takes
//     its terminal ($EDITOR), and no key but enter opens a dialog;
//  2. the sentence is found whole in the composer or in a text field that
//     shows (the dialog's, the picker's filter, the search bar), or was sent
//     whole;
//  3. no dialog answered with anything but its safe choice (safeAnswers).
func TestTypingSafety(t *testing.T) {
	t.Parallel()
	for _, st := range table.States {
		t.Run(st.Name, func(t *testing.T) {
			t.Parallel()
			for _, s := range table.Sentences {
				if s.Dialogs && st.Dialog == "" || s.Idle && st.Running || st.NoEnter != "" && strings.HasSuffix(s.Keys, "enter") {
					continue
				}
				t.Run(s.Name, func(t *testing.T) {
					t.Parallel()
					why := waitsFor(st, s)
					if why != "" && !*runWaiting {
						t.Skip("waits for " + why)
					}
					typeIn(t, st, s)
					if why != "" && !t.Failed() {
						t.Logf("PASSES NOW: take %q out of the Waits of %q (it waited for %s)", s.Name, st.Name, why)
					}
				})
			}
		})
	}
}

// waitsFor is the fix a case waits for, "" when none.
func waitsFor(st State, s Sentence) string { return st.Waits[s.Name] }

// typeIn drives a fresh model into st, types s there and checks what came of it.
func typeIn(t *testing.T, st State, s Sentence) {
	r := newRig(t)
	st.Drive(r)
	if !r.held {
		r.settle(true)
	}
	reached(t, r, st)
	before := r.view()
	sent := len(r.srv.Requests())

	r.watch = true // from here on, what the model does comes of the keys
	typeKeys(t, r, parseKeys(t, s), before)
	r.settle(false)
	after := r.view()
	if !strings.HasSuffix(s.Keys, "enter") && opened(before, after) && !t.Failed() {
		t.Errorf("a dialog opened after the keys (%T)", after.Overlay)
	}

	texts := checkRequests(t, r.srv.Requests()[sent:], s, st.Draft)
	if r.quit {
		t.Error("the program quit")
	}
	if len(r.lent) > 0 {
		t.Error("the terminal was lent to a program ($EDITOR)")
	}
	if s.Text != "" && texts == 0 && st.Into != "nowhere" {
		if fields := textFields(after, st.Into); !slices.ContainsFunc(fields, func(f string) bool { return strings.Contains(f, s.Text) }) {
			t.Errorf("%q is not found whole: %s %q", s.Text, placeWords(st.Into), fields)
		}
	}
	for _, a := range r.answers {
		if safe, known := safeAnswers[a.action]; !known {
			t.Errorf("%s answered %s, which safeAnswers does not class: say whether it is safe", a.dialog, a.action)
		} else if !safe {
			t.Errorf("%s was answered with %s, not its safe choice", a.dialog, a.action)
		}
	}
	if t.Failed() {
		t.Logf("the screen after %q:\n%s", s.Keys, r.screen())
	}
}

// typeKeys types keys one by one, as fast as a person who does not look:
// no answer of the model's commands comes between them. A key that opens a
// dialog (but enter) fails the case.
func typeKeys(t *testing.T, r *rig, keys []tea.KeyPressMsg, before tui.HarnessView) {
	t.Helper()
	said := false
	for i, k := range keys {
		r.send(k)
		if v := r.view(); !said && k.String() != "enter" && opened(before, v) {
			t.Errorf("%s opened a dialog (%T)", keyName(keys, i), v.Overlay)
			said = true
		}
	}
}

// opened reports whether a dialog shows in after that did not in before.
func opened(before, after tui.HarnessView) bool {
	return after.Overlay != nil && after.Overlay != before.Overlay && after.Overlays >= before.Overlays
}

// placeWords says where the text was looked for.
func placeWords(into string) string {
	switch into {
	case "composer":
		return "the composer holds"
	case "filter":
		return "the picker's filter holds"
	}
	return "the composer and the fields that show hold"
}

// keyName names the key at i of keys, for a failure.
func keyName(keys []tea.KeyPressMsg, i int) string {
	if k := keys[i]; k.Text != "" {
		return fmt.Sprintf("typing %q", k.Text)
	}
	return keys[i].String()
}

// checkRequests fails on every request but a read and the sentence sent as
// text (after the state's draft), once, by the enter that ends it; it
// returns how many times the sentence was sent.
func checkRequests(t *testing.T, reqs []vehicletest.Recorded, s Sentence, draft string) (texts int) {
	t.Helper()
	enter := strings.HasSuffix(s.Keys, "enter")
	for _, q := range reqs {
		if q.Method == http.MethodGet {
			continue
		}
		op := q.Path[strings.LastIndex(q.Path, "/")+1:]
		if enter && s.Text != "" && sentWhole(q.Text, draft, s.Text) && (op == "prompt" || op == "follow_up" || op == "chime") {
			texts++
			if texts == 1 {
				continue
			}
		}
		t.Errorf("a request reached the host: %s %s %q", q.Method, q.Path, q.Text)
	}
	return texts
}

// sentWhole reports whether text is the sentence, after the draft the state
// left in the composer (whitespace between them aside).
func sentWhole(text, draft, sentence string) bool {
	before, ok := strings.CutSuffix(text, sentence)
	return ok && strings.TrimSpace(before) == strings.TrimSpace(draft)
}

// parseKeys is the keys of a sentence.
func parseKeys(t *testing.T, s Sentence) []tea.KeyPressMsg {
	t.Helper()
	var keys []tea.KeyPressMsg
	for _, f := range strings.Fields(s.Keys) {
		if f == "{text}" {
			for _, r := range s.Text {
				keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			continue
		}
		k, ok := namedKey(f)
		if !ok {
			t.Fatalf("sentence %q: no key is named %q", s.Name, f)
		}
		keys = append(keys, k)
	}
	return keys
}

// namedKey is the key Bubble Tea names name ("ctrl+w", "enter", "f5",
// "alt+right").
func namedKey(name string) (tea.KeyPressMsg, bool) {
	if rest, ok := strings.CutPrefix(name, "alt+"); ok {
		k, ok := namedKey(rest)
		k.Mod |= tea.ModAlt
		k.Text = ""
		return k, ok
	}
	if l, ok := strings.CutPrefix(name, "ctrl+"); ok && len(l) == 1 {
		return tea.KeyPressMsg{Code: rune(l[0]), Mod: tea.ModCtrl}, true
	}
	named := map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "up": tea.KeyUp,
		"down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown}
	if c, ok := named[name]; ok {
		return tea.KeyPressMsg{Code: c}, true
	}
	if name == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}, true
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(name, "f")); err == nil && strings.HasPrefix(name, "f") && n >= 1 && n <= 12 {
		return tea.KeyPressMsg{Code: tea.KeyF1 + rune(n-1)}, true
	}
	if r := []rune(name); len(r) == 1 {
		return tea.KeyPressMsg{Code: r[0], Text: name}, true
	}
	return tea.KeyPressMsg{}, false
}

// reached fails the case when the driver did not bring the model to st.
func reached(t *testing.T, r *rig, st State) {
	t.Helper()
	v, screen := r.view(), r.screen()
	var wrong []string
	if st.Focus != "" && v.Focus != st.Focus {
		wrong = append(wrong, "the focus is "+v.Focus+", not "+st.Focus)
	}
	wrong = append(wrong, dialogShown(t, v, screen, st.Dialog)...)
	if v.Mode != st.Picker {
		wrong = append(wrong, fmt.Sprintf("the picker's mode is %q, not %q", v.Mode, st.Picker))
	}
	if st.Tile > 0 && (v.Tile != st.Tile-1 || v.Tiles != tui.MaxTiles()) {
		wrong = append(wrong, fmt.Sprintf("tile %d of %d has the focus, not %d of %d", v.Tile+1, v.Tiles, st.Tile, tui.MaxTiles()))
	}
	if v.Zoom != st.Zoom {
		wrong = append(wrong, fmt.Sprintf("zoom is %v", v.Zoom))
	}
	for _, s := range st.Sees {
		if !strings.Contains(boxed(screen), boxed(s)) {
			wrong = append(wrong, fmt.Sprintf("%q is not on the screen", s))
		}
	}
	if len(wrong) > 0 {
		t.Fatalf("the driver of %q did not reach it: %s\n%s", st.Name, strings.Join(wrong, "; "), screen)
	}
}

// safeAnswers classes every answer a dialog can give (an action's type):
// true is a dialog's safe choice (closing it, watching, handing typed text
// on), false one that sends, deletes, spends, stores or quits.
var safeAnswers = map[string]bool{
	"ui.Close": true, "ui.Note": true, "ui.Failed": true, "ui.Done": true, "ui.Show": true, "ui.Batch": true,
	"dialog.Watch": true, "dialog.Typed": true, "dialog.Through": true, "dialog.NotAKey": true, "dialog.HeldBack": true,
	"dialog.WatchAnother": true, "dialog.ShowSessions": true,

	"dialog.TakeOver": false, "dialog.Delete": false, "dialog.Rename": false, "dialog.GiveKey": false,
	"dialog.Create": false, "dialog.Run": false,
	"dialog.SendHeld": false, "tui.quitAnyway": false, "tui.sendAnyway": false, "tui.chimeAnyway": false,
	"dialog.WatchID": false, "slash.RunNearest": false, "dialog.ChimeInto": false,
}

// dialogShown says how the dialog on top differs from the registry's dialog
// named name ("": none).
func dialogShown(t *testing.T, v tui.HarnessView, screen, name string) []string {
	if name == "" {
		if v.Overlay != nil {
			return []string{fmt.Sprintf("a dialog shows (%T)", v.Overlay)}
		}
		return nil
	}
	e, ok := dialogEntryNamed(t, name)
	switch {
	case !ok:
		return []string{"the registry has no dialog " + name}
	case fmt.Sprintf("%T", v.Overlay) != e.Type:
		return []string{fmt.Sprintf("the dialog on top is %T, not %s (%s)", v.Overlay, e.Type, name)}
	case e.Title != "" && !strings.Contains(boxed(screen), boxed(e.Title)):
		return []string{fmt.Sprintf("the dialog's title %q is not on the screen", e.Title)}
	}
	return nil
}
