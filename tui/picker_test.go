package tui

import (
	"errors"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// sessions is a listing: newest first once sorted, with every kind of driver.
func sessions() []client.Summary {
	agent := summary("s2", "Leases and takeovers", t0.Add(-3*time.Hour), lease("user:ada", "cli-other"))
	agent.Profile, agent.Isolation, agent.Model = client.ProfileAgent, "bwrap", "openrouter/openai/gpt-6-luna"
	return []client.Summary{
		summary("s3", "Plan the trip", t0.Add(-2*time.Minute), lease("user:ada", "cli-me")),
		agent,
		summary("s5", "", t0.Add(-26*time.Hour), nil),
		summary("s1", "Bo's notes", t0.Add(-72*time.Hour), lease("user:bo", "cli-bo")),
		summary("s4", "Expired lease", t0.Add(-30*time.Second),
			&client.Lease{Principal: "user:bo", ClientID: "cli-bo", ExpiresAt: t0.Add(-time.Minute)}),
	}
}

// picking is the picker at w x h with the sessions listed.
func picking(t *testing.T, w, h int) *Model {
	m := newModel(t, testConfig(t), w, h)
	m.Init()
	list := sessions()
	list[0], list[4] = list[4], list[0] // listSessions sorts; a listing message is taken as given
	feed(m, sessionsMsg{gen: m.picker.asked, principal: "user:ada", list: list})
	return m
}

// TestPicker is the session picker's every screen.
func TestPicker(t *testing.T) {
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
		{"rename dialog", 80, 24, append([]tea.Msg{keyDown, keyCtrlR, keyBackspace, keyBackspace}, typing("overs!")...)},
		{"delete confirmation", 80, 24, []tea.Msg{keyDown, keyCtrlD}},
		{"delete cancelled", 80, 24, []tea.Msg{keyDown, keyCtrlD, press('n')}},
		{"deleted", 80, 24, []tea.Msg{keyDown, keyCtrlD, press('y'), deletedMsg{id: "s2", title: "Leases and takeovers",
			outcome: &client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2"}, MirrorTrashed: true}}}},
		{"deleted mirror not trashed", 80, 24, []tea.Msg{deletedMsg{id: "s2", title: "Leases and takeovers",
			outcome: &client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2"},
				MirrorErr: errors.New("the session is deleted, but its mirrored document is not in the Trash")}}}},
		{"delete refused", 80, 24, []tea.Msg{deletedMsg{id: "s3", title: "Plan the trip",
			err: &client.Error{Code: client.CodeSessionRunning, Message: "a run is under way: abort it first"}}}},
		{"cloned", 80, 24, []tea.Msg{keyCtrlY, clonedMsg{branched: &client.Branched{Session: summary("s6", "Copy of Expired lease", t0, nil)}}}},
		{"help", 80, 24, []tea.Msg{keyF1}},
		{"help closed", 80, 24, []tea.Msg{keyF1, keyEsc}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := picking(t, c.w, c.h)
			feed(m, c.msgs...)
			golden(t, screen(m))
		})
	}
}

// TestPickerEmptyAndLoading is the picker before and without sessions.
func TestPickerEmptyAndLoading(t *testing.T) {
	m := newModel(t, testConfig(t), 80, 12)
	m.Init()
	t.Run("loading", func(t *testing.T) { golden(t, screen(m)) })
	feed(m, sessionsMsg{gen: m.picker.asked, principal: "user:ada"})
	t.Run("empty", func(t *testing.T) { golden(t, screen(m)) })
}

// TestPickerSortsNewestFirst orders a listing by its last change.
func TestPickerSortsNewestFirst(t *testing.T) {
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

// TestDriverText says who drives a listed session.
func TestDriverText(t *testing.T) {
	me := client.Me{Principal: "user:ada", ClientID: "cli-me"}
	cases := []struct {
		l    *client.Lease
		want string
	}{
		{nil, "nobody"},
		{lease("user:ada", "cli-me"), "this terminal"},
		{lease("user:ada", "cli-2"), "your other terminal"},
		{lease("user:bo", "cli-bo"), "user:bo"},
		{&client.Lease{Principal: "user:bo", ClientID: "c", ExpiresAt: t0.Add(-time.Second)}, "nobody"},
	}
	for _, c := range cases {
		if got := driverText(c.l, me, t0); got != c.want {
			t.Errorf("driverText(%+v) = %q, want %q", c.l, got, c.want)
		}
	}
}
