package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
)

// teaSize is the terminal's size as Bubble Tea says it.
func teaSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// hugeTitle is a title of n bytes: words, as a host that keeps any title
// could hold.
func hugeTitle(n int) string {
	return strings.Repeat("a very long title ", n/18+1)[:n]
}

// benchSessionKey is a key typed in a session titled title, with the frame.
func benchSessionKey(b *testing.B, title string) {
	m := New(testConfig(b))
	m.Update(teaSize(120, 40))
	open(m, "s1")
	snap := bigSnapshot(20)
	snap.Session.Title = &title
	m.Update(session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snap})
	m.View()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			m.Update(press('x'))
		} else {
			m.Update(keyBackspace)
		}
		m.View()
	}
}

// benchPickerKey is a key typed in the picker's filter while a listed
// session is titled title, with the frame.
func benchPickerKey(b *testing.B, title string) {
	m := New(testConfig(b))
	m.Update(teaSize(120, 40))
	m.Init()
	list := sessions()
	list[0].Title = &title
	feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Principal: "user:ada", List: list})
	m.View()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			m.Update(keyDown)
		} else {
			m.Update(keyUp)
		}
		m.View()
	}
}

func BenchmarkKeyHugeTitle(b *testing.B)     { benchSessionKey(b, hugeTitle(8<<20)) }
func BenchmarkKeyShortTitle(b *testing.B)    { benchSessionKey(b, "A long conversation") }
func BenchmarkPickerHugeTitle(b *testing.B)  { benchPickerKey(b, hugeTitle(8<<20)) }
func BenchmarkPickerShortTitle(b *testing.B) { benchPickerKey(b, "A long conversation") }
