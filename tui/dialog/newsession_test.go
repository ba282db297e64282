package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// form is the new-session form filled in from def, at 100x30.
func form(def client.CreateRequest, public bool) *NewSession {
	d := NewNewSession(uitest.Context(), def, public)
	d.SetSize(100, 30)
	return d
}

// TestNewSessionFormStarts (issue 25.9): the form opens filled in with what
// the command line asked for, so enter (or ctrl+n again) starts it as
// given; what is typed in each field, the profile chosen, and a "$" before
// the cost make the request; an empty field is the host's default.
func TestNewSessionFormStarts(t *testing.T) {
	def := client.CreateRequest{Title: "Plans\x1b[2J", Model: "echo", MaxCostUSD: 0.5, MaxTurns: 8, Profile: client.ProfileAgent}
	cases := []struct {
		name string
		def  client.CreateRequest
		do   func(d *NewSession)
		want client.CreateRequest
	}{
		{"as given, by enter", def, func(*NewSession) {},
			client.CreateRequest{Title: "Plans␛[2J", Model: "echo", MaxTurns: 8, MaxCostUSD: 0.5, Profile: client.ProfileAgent}},
		{"nothing given", client.CreateRequest{}, func(*NewSession) {}, client.CreateRequest{Profile: client.ProfileChat}},
		{"filled in", client.CreateRequest{}, func(d *NewSession) {
			typeIn(d, " Herd plans ")
			d.Update(tab)
			d.Update(right) // the profile: agent
			d.Update(tab)
			typeIn(d, "gpt")
			d.Update(down)
			typeIn(d, "20")
			d.Update(down)
			typeIn(d, "$1.5")
		}, client.CreateRequest{Title: "Herd plans", Model: "gpt", MaxTurns: 20, MaxCostUSD: 1.5, Profile: client.ProfileAgent}},
		{"profile by space, twice", client.CreateRequest{}, func(d *NewSession) {
			d.Update(down)
			d.Update(uitest.Key(tea.KeySpace))
			d.Update(left)
		}, client.CreateRequest{Profile: client.ProfileChat}},
		{"letters on the profile are nothing", client.CreateRequest{}, func(d *NewSession) {
			d.Update(down)
			typeIn(d, "agent")
		}, client.CreateRequest{Profile: client.ProfileChat}},
		{"fields cleared", def, func(d *NewSession) {
			for range 5 {
				d.Update(ctrl('u'))
				d.Update(shiftTab)
			}
		}, client.CreateRequest{Profile: client.ProfileAgent}},
		{"a paste, its newlines spaces", client.CreateRequest{}, func(d *NewSession) {
			d.Update(tea.PasteMsg{Content: "two\nlines"})
			d.Update(down)
			d.Update(tea.PasteMsg{Content: "into the profile"})
		}, client.CreateRequest{Title: "two lines", Profile: client.ProfileChat}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := form(c.def, false)
			c.do(d)
			_, act := d.Update(enter)
			reports(t, "enter", act, ui.Close{}, Create{Request: c.want})
		})
	}
	_, act := form(def, false).Update(ctrl('n'))
	if got := actions(act); len(got) != 2 || got[1].(Create).Request.MaxTurns != 8 {
		t.Errorf("ctrl+n reported %#v", act)
	}
	_, act = form(def, false).Update(esc)
	reports(t, "esc", act, ui.Close{})
}

// TestNewSessionFormRefuses: a budget that does not read is refused in
// words, the form stays open at that field, and a fixed one starts.
func TestNewSessionFormRefuses(t *testing.T) {
	cases := []struct {
		name, field, typed, says string
	}{
		{"turns in words", "max turns", "twenty", "✗ max turns: a whole number of model turns per run, 1 or more, like 20"},
		{"no turns", "max turns", "0", "✗ max turns"},
		{"cost in words", "max cost", "lots", "✗ max cost: an amount of US dollars per run above 0, like 0.50"},
		{"no cost", "max cost", "0", "✗ max cost"},
		{"endless cost", "max cost", "Inf", "✗ max cost"},
		{"cost not a number", "max cost", "NaN", "✗ max cost"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := form(client.CreateRequest{}, false)
			for !strings.Contains(markedRow(d), c.field) {
				d.Update(tab)
			}
			typeIn(d, c.typed)
			d.Update(up)
			d.Update(up) // away from the field: enter brings the keys back to it
			if _, act := d.Update(enter); act != nil {
				t.Fatalf("%q started a session: %#v", c.typed, act)
			}
			says(t, d, c.says)
			if !strings.Contains(markedRow(d), c.field) {
				t.Errorf("the keys are at %q, not %s", markedRow(d), c.field)
			}
			d.Update(ctrl('u'))
			typeIn(d, "3")
			_, act := d.Update(enter)
			if len(actions(act)) != 2 {
				t.Fatalf("a fixed form did not start: %#v", act)
			}
			if strings.Contains(flat(d), "✗") {
				t.Errorf("the refusal stayed: %s", flat(d))
			}
		})
	}
}

// markedRow is the form's row with the keys.
func markedRow(d *NewSession) string {
	for _, l := range strings.Split(plain(d), "\n") {
		if strings.Contains(l, "▸ ") {
			return l
		}
	}
	return ""
}

// TestNewSessionFormView draws a field a line, the one with the keys marked
// with its cursor, what an empty one means, the profile chosen, the public
// cap when the host has one, and the keys.
func TestNewSessionFormView(t *testing.T) {
	d := form(client.CreateRequest{Model: "echo", MaxCostUSD: 0.5}, true)
	says(t, d, "New session", "▸ title ▏none", "profile ● chat ○ agent (owners only)", "model echo",
		"max turns the host's default", "max cost 0.5 US dollars a run",
		"On a public graph the host caps every run whatever is asked here.",
		"enter starts it · tab next field · ←/→ changes the profile · esc cancels")
	golden(t, "public", plain(d))
	d.Update(tab)
	d.Update(right)
	d.Update(tab)
	says(t, d, "○ chat ● agent (owners only)", "▸ model echo▏")
	if s := flat(form(client.CreateRequest{}, false)); strings.Contains(s, "public graph") {
		t.Errorf("a member's form speaks of the public cap: %s", s)
	}
	var keys []string
	for _, col := range d.FullHelp() {
		for _, b := range col {
			keys = append(keys, b.Help().Key)
		}
	}
	if got := strings.Join(keys, " "); got != "enter tab ←/→ esc ctrl+n shift+tab ↑ ↓" {
		t.Errorf("the form's keys: %q", got)
	}
	if _, act := d.Update(tea.WindowSizeMsg{}); act != nil {
		t.Errorf("a resize reported %#v", act)
	}
}
