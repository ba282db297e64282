package dialog

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// form is the new-session form filled in from def, at 100x30.
func form(def wire.CreateRequest, public bool) *NewSession {
	return formOf(def, HostOffer{Public: public}, 100, 30)
}

// formOf is the new-session form filled in from def, with what the host
// offers, at w x h.
func formOf(def wire.CreateRequest, offer HostOffer, w, h int) *NewSession {
	d := NewNewSession(uitest.Context(), def, offer)
	d.SetSize(w, h)
	return d
}

// TestNewSessionFormStarts (issue 25.9): the form opens filled in with what
// the command line asked for, so enter (or ctrl+n again) starts it as
// given; what is typed in each field, the profile chosen, and a "$" before
// the cost make the request; an empty field is the host's default.
func TestNewSessionFormStarts(t *testing.T) {
	def := wire.CreateRequest{Title: "Plans\x1b[2J", Model: "echo", MaxCostUSD: 0.5, MaxTurns: 8, Profile: wire.ProfileAgent}
	cases := []struct {
		name string
		def  wire.CreateRequest
		do   func(d *NewSession)
		want wire.CreateRequest
	}{
		{"as given, by enter", def, func(*NewSession) {},
			wire.CreateRequest{Title: "Plans␛[2J", Model: "echo", MaxTurns: 8, MaxCostUSD: 0.5, Profile: wire.ProfileAgent}},
		{"nothing given", wire.CreateRequest{}, func(*NewSession) {}, wire.CreateRequest{Profile: wire.ProfileChat}},
		{"filled in", wire.CreateRequest{}, func(d *NewSession) {
			typeIn(d, " Herd plans ")
			d.Update(tab)
			d.Update(right) // the profile: agent
			d.Update(tab)
			typeIn(d, "gpt")
			d.Update(down)
			typeIn(d, "20")
			d.Update(down)
			typeIn(d, "$1.5")
		}, wire.CreateRequest{Title: "Herd plans", Model: "gpt", MaxTurns: 20, MaxCostUSD: 1.5, Profile: wire.ProfileAgent}},
		{"profile by space, twice", wire.CreateRequest{}, func(d *NewSession) {
			d.Update(down)
			d.Update(uitest.Key(tea.KeySpace))
			d.Update(left)
		}, wire.CreateRequest{Profile: wire.ProfileChat}},
		{"the profile by its name typed", wire.CreateRequest{}, func(d *NewSession) {
			d.Update(down)
			typeIn(d, "agent")
		}, wire.CreateRequest{Profile: wire.ProfileAgent}},
		{"the profile by its first letter, then the other's", wire.CreateRequest{}, func(d *NewSession) {
			d.Update(down)
			typeIn(d, "a")
			typeIn(d, "c")
		}, wire.CreateRequest{Profile: wire.ProfileChat}},
		{"a lease's ttl", wire.CreateRequest{}, func(d *NewSession) {
			for range 5 {
				d.Update(tab)
			}
			typeIn(d, "90s")
		}, wire.CreateRequest{Profile: wire.ProfileChat, TTLMs: 90_000}},
		{"a lease's ttl in minutes", wire.CreateRequest{TTLMs: 600_000}, func(d *NewSession) {
			d.Update(shiftTab)
			d.Update(ctrl('u'))
			typeIn(d, "30")
		}, wire.CreateRequest{Profile: wire.ProfileChat, TTLMs: 30 * 60_000}},
		{"the command line's ttl, as given", wire.CreateRequest{TTLMs: 600_000}, func(*NewSession) {},
			wire.CreateRequest{Profile: wire.ProfileChat, TTLMs: 600_000}},
		{"fields cleared", def, func(d *NewSession) {
			for range 6 {
				d.Update(ctrl('u'))
				d.Update(shiftTab)
			}
		}, wire.CreateRequest{Profile: wire.ProfileAgent}},
		{"a paste, its newlines spaces", wire.CreateRequest{}, func(d *NewSession) {
			d.Update(tea.PasteMsg{Content: "two\nlines"})
			d.Update(down)
			d.Update(tea.PasteMsg{Content: "into the profile"})
		}, wire.CreateRequest{Title: "two lines", Profile: wire.ProfileChat}},
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
		{"a ttl in words", "lease", "long", "✗ lease: a duration from a second, like 10m or 90s; a number alone is minutes"},
		{"a ttl under a second", "lease", "10ms", "✗ lease"},
		{"no ttl", "lease", "0", "✗ lease"},
		{"endless cost", "max cost", "Inf", "✗ max cost"},
		{"cost not a number", "max cost", "NaN", "✗ max cost"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := form(wire.CreateRequest{}, false)
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
	d := form(wire.CreateRequest{Model: "echo", MaxCostUSD: 0.5}, true)
	says(t, d, "New session", "▸ title ▏none", "profile ● chat ○ agent (owners only)", "model echo",
		"max turns the host's default", "max cost 0.5 US dollars a run",
		"On a public graph the host caps every run whatever is asked here.",
		"enter starts it · tab next field · ←/→ changes the profile · esc cancels")
	golden(t, "public", plain(d))
	d.Update(tab)
	d.Update(right)
	d.Update(tab)
	says(t, d, "○ chat ● agent (owners only)", "▸ model echo▏")
	if s := flat(form(wire.CreateRequest{}, false)); strings.Contains(s, "public graph") {
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

// TestNewSessionProfileTakesText (issue 36): every field takes text or says
// why not. At the profile a letter that begins a profile's name picks it;
// any other says the field takes chat or agent, and the profile stays.
func TestNewSessionProfileTakesText(t *testing.T) {
	for r := rune(33); r < 127; r++ {
		d := form(wire.CreateRequest{}, false)
		d.Update(tab)
		before := plain(d)
		typeIn(d, string(r))
		if plain(d) == before {
			t.Errorf("%q typed at the profile changed nothing on screen", r)
		}
	}
	d := form(wire.CreateRequest{}, false)
	d.Update(tab)
	typeIn(d, "x")
	says(t, d, "✗ profile: “x” is no profile; type chat or agent (c or a does), or ←/→ changes it", "● chat")
	d.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if strings.Contains(flat(d), "✗") {
		t.Errorf("backspace took back the letter refused, and the refusal stays: %s", flat(d))
	}
	typeIn(d, "ag")
	says(t, d, "● agent")
	if strings.Contains(flat(d), "✗") {
		t.Errorf("a profile picked still says the refusal: %s", flat(d))
	}
	d.Update(tea.PasteMsg{Content: "into the profile"})
	says(t, d, "✗ profile: “into the profile” is no profile", "● agent")
	d.Update(tea.PasteMsg{Content: " chat\n"})
	says(t, d, "● chat")
}

// TestNewSessionChecksTheModel (issue 36): the model field checks the name
// against the models the host offers this person (an account's credit
// models; the own key's provider), says them while it has the keys, and
// refuses another at enter, the form open at the field; a member's host
// names none, and the field says the host checks it.
func TestNewSessionChecksTheModel(t *testing.T) {
	credit := HostOffer{Public: true, Models: []string{"openrouter/deepseek/deepseek-v4.1-flash", "openrouter/qwen/qwen3.5-flash"},
		Default: "openrouter/deepseek/deepseek-v4.1-flash"}
	d := formOf(wire.CreateRequest{}, credit, 100, 30)
	d.Update(tab)
	d.Update(tab)
	says(t, d, "▸ model ▏openrouter/deepseek/deepseek-v4.1-flash",
		"model: it offers openrouter/deepseek/deepseek-v4.1-flash, openrouter/qwen/qwen3.5-flash (empty: openrouter/deepseek/deepseek-v4.1-flash)")
	typeIn(d, "gpt-4o")
	d.Update(tab)
	if _, act := d.Update(enter); act != nil {
		t.Fatalf("a model the host does not offer started a session: %#v", act)
	}
	says(t, d, "✗ model: “gpt-4o” is not one the host offers you; it offers openrouter/deepseek/deepseek-v4.1-",
		"openrouter/qwen/qwen3.5-flash (empty: openrouter/deepseek/deepseek-v4.1-")
	if !strings.Contains(markedRow(d), "model") {
		t.Errorf("the keys are at %q, not the model", markedRow(d))
	}
	d.Update(ctrl('u'))
	typeIn(d, "openrouter/qwen/qwen3.5-flash")
	says(t, d, "✓ “openrouter/qwen/qwen3.5-flash” is offered")
	_, act := d.Update(enter)
	reports(t, "enter", act, ui.Close{}, Create{Request: wire.CreateRequest{Model: "openrouter/qwen/qwen3.5-flash", Profile: wire.ProfileChat}})

	own := formOf(wire.CreateRequest{Model: "gpt-4o"}, HostOffer{Public: true, Prefix: "openrouter/", Default: "openrouter/openai/gpt-6-luna"}, 100, 30)
	if _, act := own.Update(enter); act != nil {
		t.Fatalf("a model not of the key's provider started a session: %#v", act)
	}
	says(t, own, "✗ model: with your own key a model's name starts with openrouter/ (empty: openrouter/openai/gpt-")

	member := formOf(wire.CreateRequest{Model: "anything/at-all"}, HostOffer{}, 100, 30)
	member.Update(tab)
	member.Update(tab)
	says(t, member, "model: the host names no models for you; it checks the name when the session is made")
	if _, act := member.Update(enter); len(actions(act)) != 2 {
		t.Fatalf("a member's model was refused: %#v", act)
	}
}

// TestNewSessionScrollsSmall (issue 36, "Layout"): at 40x12 (the overlay
// gets 11 lines) the form shows the field with the keys wherever tab takes
// them, with how many more fields are above and below, what to fix and the
// keys; no field hides behind "…".
func TestNewSessionScrollsSmall(t *testing.T) {
	d := formOf(wire.CreateRequest{}, HostOffer{}, 40, 11)
	names := []string{"title", "profile", "model", "max turns", "max cost", "lease"}
	for i, name := range names {
		s := plain(d)
		if !strings.Contains(markedRow(d), name) || strings.Contains(s, "│ … ") {
			t.Fatalf("field %d: the keys are at %q, not %s:\n%s", i, markedRow(d), name, s)
		}
		if n := len(strings.Split(strings.TrimSuffix(s, "\n"), "\n")); n > 11 {
			t.Fatalf("the form is %d lines, over 11:\n%s", n, s)
		}
		if !strings.Contains(flat(d), "enter starts it") || !strings.Contains(flat(d), "esc cancels") {
			t.Fatalf("the keys are cut:\n%s", s)
		}
		counted := 0 // the fields shown, and those the lines say are above and below
		for _, l := range strings.Split(s, "\n") {
			var n int
			if _, err := fmt.Sscanf(strings.Trim(l, "│ ↑↓"), "%d more", &n); err == nil {
				counted += n
			}
			for _, name := range names {
				if strings.HasPrefix(strings.TrimLeft(l, "│ ▸"), name+" ") {
					counted++
				}
			}
		}
		if counted != len(names) {
			t.Errorf("field %d: the form shows or counts %d fields of %d:\n%s", i, counted, len(names), s)
		}
		d.Update(tab)
	}
	for !strings.Contains(markedRow(d), "max cost") {
		d.Update(tab)
	}
	typeIn(d, "lots")
	d.Update(enter)
	says(t, d, "✗ max cost")
	if !strings.Contains(markedRow(d), "max cost") || strings.Contains(plain(d), "│ … ") {
		t.Errorf("the refused field is not on screen, or a line is cut to …:\n%s", plain(d))
	}
	for _, row := range strings.Split(strings.TrimSuffix(plain(d), "\n"), "\n") {
		if xansi.StringWidth(row) != 40 {
			t.Fatalf("the box is not as wide as the screen at every row (%q):\n%s", row, plain(d))
		}
	}
	// Under a banner (10 lines): the blank lines go before the refusal's words.
	tight := formOf(wire.CreateRequest{}, HostOffer{}, 40, 10)
	for range 5 {
		tight.Update(tab)
	}
	typeIn(tight, "long")
	tight.Update(enter)
	says(t, tight, "▸ lease long▏ unused", "✗ lease: a duration from a second, like 10m or 90s; a number alone is minutes (empty: the host's)",
		"enter starts it")
}

// TestNewSessionProfileRefusesASentenceWhole: a sentence typed at the
// profile (a hurried person who thought the title had the keys) never
// flips the profile letter by letter ("we can do that": its c, its a), and
// the refusal shows all of it; backspace takes it back a letter at a time.
func TestNewSessionProfileRefusesASentenceWhole(t *testing.T) {
	d := form(wire.CreateRequest{}, false)
	d.Update(tab)
	typeIn(d, "we can do that")
	says(t, d, "✗ profile: “we can do that” is no profile", "● chat")
	if d.agent {
		t.Fatal("a sentence typed at the profile picked agent")
	}
	for range len("do that") {
		d.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	says(t, d, "“we can ” is no profile", "● chat")
	for range len("we can ") {
		d.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	if strings.Contains(flat(d), "✗") {
		t.Fatalf("all of it taken back, the refusal stays: %s", flat(d))
	}
	typeIn(d, "a")
	says(t, d, "● agent")
}
