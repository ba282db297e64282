package dialog

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// closes reports whether a closes the dialog that reported it.
func closes(a ui.Action) bool {
	found := false
	ui.Each(a, func(a ui.Action) {
		if _, ok := a.(ui.Close); ok {
			found = true
		}
	})
	return found
}

// TestCodeChooserWindow keeps the marked block on screen among many, and
// a number picks its block.
func TestCodeChooserWindow(t *testing.T) {
	var bs []CodeBlock
	for i := 1; i <= 20; i++ {
		bs = append(bs, CodeBlock{Lang: "sh", Text: fmt.Sprintf("echo %d", i), Lines: 1})
	}
	d := NewCodeChooser(uitest.Context(), bs)
	d.SetSize(80, 20)
	for range 14 {
		d.Update(uitest.Key(tea.KeyDown))
	}
	v := d.View()
	if n := strings.Count(v, "\n") + 1; n > 20 || !strings.Contains(v, "▸ 15  sh · 1 line · echo 15") {
		t.Errorf("%d lines, the marked block not shown:\n%s", n, v)
	}
	cmd, act := d.Update(uitest.Press('9'))
	if cmd == nil || fmt.Sprint(cmd()) != "echo 9" || !closes(act) {
		t.Errorf("9 copied %v, then %#v", cmd, act)
	}
}

// TestCopyBlockKeepsTabs copies a block inert, its tabs kept.
func TestCopyBlockKeepsTabs(t *testing.T) {
	cmd, note := CopyBlock(uitest.Context(), []CodeBlock{{Lang: "go", Text: "\tx\x1b[2J", Lines: 1}}, 0)
	if got := fmt.Sprint(cmd()); got != "\tx␛[2J" {
		t.Errorf("copied %q", got)
	}
	if n, ok := note.(ui.Note); !ok || n.Text != "sent code block 1 of 1 · go · 1 line to the terminal as OSC 52 (6 characters): the clipboard, if it allows" {
		t.Errorf("said %#v", note)
	}
}

// TestCodeChooserKeys: ↑ and ↓ move within the blocks, enter copies the
// marked one, a number past the last is nothing, esc copies none; the
// facts say a block's language and length.
func TestCodeChooserKeys(t *testing.T) {
	bs := []CodeBlock{{Lang: "go", Text: "\n  package main\n", Lines: 2}, {Text: "ls", Lines: 1}}
	d := NewCodeChooser(uitest.Context(), bs)
	d.SetSize(80, 20)
	if v := plain(d); !strings.Contains(v, "▸ 1  go · 2 lines · package main") || !strings.Contains(v, "  2  1 line · ls") {
		t.Errorf("the rows:\n%s", v)
	}
	d.Update(up)
	d.Update(down)
	d.Update(down)
	if _, act := d.Update(uitest.Press('3')); act != nil {
		t.Errorf("3 of 2 blocks reported %#v", act)
	}
	cmd, act := d.Update(enter)
	if cmd == nil || fmt.Sprint(cmd()) != "ls" || !closes(act) {
		t.Errorf("enter on the second copied %v, then %#v", cmd, act)
	}
	_, act = d.Update(esc)
	reports(t, "esc", act, ui.Close{}, ui.Note{Text: "no code block copied"})
	if _, act := d.Update(tea.WindowSizeMsg{}); act != nil {
		t.Errorf("a resize reported %#v", act)
	}
}

// TestActionsAreTheDialogs: every action of this package goes to the
// root's dialog dispatcher.
func TestActionsAreTheDialogs(t *testing.T) {
	for _, a := range []Action{Rename{}, Delete{}, TakeOver{}, Watch{}, GiveKey{}, NotAKey{}, Run{}, Create{}} {
		if a.Source() != ui.FromDialog {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}
