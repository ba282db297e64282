package layout

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The picker's screen header in the states the root's flows end in (tui's
// TestPicker, TestPickerEmptyAndLoading, TestLivePickerScreens): what is
// shown on its left, the graph and the picker's facts on its right, at the
// screen's width. The root's tests read the same goldens at the end of
// their flows (tui's drawnAs); the picker's own lines are the picker's.

// header checks the picker screen's header, w wide, saying facts.
func header(t *testing.T, w int, facts string) {
	t.Helper()
	s := New(uitest.Context(), "")
	s.SetSize(w, 24)
	p := Picker{Facts: "graph demo · " + facts, List: &part{name: "body"}, Composer: &part{name: "composer"}, Over: same}
	s.ArrangePicker(p)
	first, _, _ := strings.Cut(xansi.Strip(s.DrawPicker(p)), "\n")
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), strings.TrimRight(first, " ")+"\n", *update)
}

// TestPickerDrawn is the header over tui's TestPicker's screens.
func TestPickerDrawn(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"list", "select down", "filter", "filter no match", "filter edited", "filter cleared by esc",
		"rename dialog", "delete confirmation", "delete cancelled", "deleted", "deleted mirror not trashed", "delete refused",
		"cloned", "help", "help closed"} {
		t.Run(name, func(t *testing.T) { header(t, 80, "5 sessions") })
	}
	t.Run("wide", func(t *testing.T) { header(t, 160, "5 sessions") })
}

// TestPickerEmptyAndLoadingDrawn is the header over the picker before and
// without sessions.
func TestPickerEmptyAndLoadingDrawn(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"loading", "empty"} {
		t.Run(name, func(t *testing.T) { header(t, 80, "0 sessions") })
	}
}

// TestLivePickerScreensDrawn is the header over the live picker's screens.
func TestLivePickerScreensDrawn(t *testing.T) {
	t.Parallel()
	for name, w := range map[string]int{"running and chimes": 80, "poll failed": 80, "preview": 140, "preview loading": 140, "preview failed": 140} {
		t.Run(name, func(t *testing.T) { header(t, w, "5 sessions") })
	}
}
