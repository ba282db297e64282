package tui

import (
	"errors"
	"github.com/sophia-labs/vehicle/tui/manage"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// sessions is a listing: newest first once sorted, with every kind of driver.
func sessions() []client.Summary { return uitest.Sessions() }

// picking is the picker at w x h with the sessions listed.
func picking(t *testing.T, w, h int) *Model {
	m := newModel(t, testConfig(t), w, h)
	m.Init()
	list := sessions()
	list[0], list[4] = list[4], list[0] // listSessions sorts; a listing message is taken as given
	feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Principal: "user:ada", List: list})
	return m
}

// TestPicker is the session picker's every screen.
func TestPicker(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		w, h int
		msgs []tea.Msg
	}{
		{"list", 80, 24, nil},
		{"wide", 160, 20, nil},
		{"select down", 80, 24, []tea.Msg{keyDown, keyDown}},
		{"filter", 80, 24, typing("lea")},
		{"filter no match", 80, 24, typing("zzz")},
		{"filter edited", 80, 24, append(typing("leax"), keyBackspace)},
		{"filter cleared by esc", 80, 24, append(typing("lea"), keyEsc)},
		{"rename dialog", 80, 24, append([]tea.Msg{keyDown, keyRename, keyBackspace, keyBackspace}, typing("overs!")...)},
		{"delete confirmation", 80, 24, []tea.Msg{keyDown, keyDelete}},
		{"delete cancelled", 80, 24, []tea.Msg{keyDown, keyDelete, press('n'), keyEnter}},
		{"deleted", 80, 24, []tea.Msg{keyDown, keyDelete, press('y'), keyEnter, manage.DeletedMsg{ID: "s2", Title: "Leases and takeovers",
			Outcome: &client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2"}, MirrorTrashed: true}}}},
		{"deleted mirror not trashed", 80, 24, []tea.Msg{manage.DeletedMsg{ID: "s2", Title: "Leases and takeovers",
			Outcome: &client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2"},
				MirrorErr: errors.New("the session is deleted, but its mirrored document is not in the Trash")}}}},
		{"delete refused", 80, 24, []tea.Msg{manage.DeletedMsg{ID: "s3", Title: "Plan the trip",
			Err: &client.Error{Code: client.CodeSessionRunning, Message: "a run is under way: abort it first"}}}},
		{"cloned", 80, 24, []tea.Msg{keyClone, manage.ClonedMsg{Branched: &client.Branched{Session: summary("s6", "Copy of Expired lease", t0, nil)}}}},
		{"help", 80, 24, []tea.Msg{keyF1}},
		{"help closed", 80, 24, []tea.Msg{keyF1, keyEsc}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := picking(t, c.w, c.h)
			feed(m, c.msgs...)
			drawnAs(t, m, headerOf, pickerOf)
		})
	}
}

// TestPickerEmptyAndLoading is the picker before and without sessions.
func TestPickerEmptyAndLoading(t *testing.T) {
	t.Parallel()
	m := newModel(t, testConfig(t), 80, 12)
	m.Init()
	t.Run("loading", func(t *testing.T) { drawnAs(t, m, headerOf, pickerOf) })
	feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Principal: "user:ada"})
	t.Run("empty", func(t *testing.T) { drawnAs(t, m, headerOf, pickerOf) })
}

// TestPickerSortsNewestFirst orders a listing by its last change.
func TestPickerSortsNewestFirst(t *testing.T) {
	t.Parallel()
	// listSessions sorts what the host lists; check the order it makes.
	list := sessions()
	sorted := append([]client.Summary(nil), list...)
	sortNewest(sorted)
	var got []string
	for _, s := range sorted {
		got = append(got, s.SessionID)
	}
	want := []string{"s4", "s3", "s2", "s5", "s1"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}
