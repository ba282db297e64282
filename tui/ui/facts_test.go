package ui_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestSessionFacts: the header's line says the profile and its box, the
// model's last segment, who pays ("house" for the host's own key), and
// what the agent and the person may do.
func TestSessionFacts(t *testing.T) {
	agent := wire.Summary{Profile: wire.ProfileAgent, Isolation: "bwrap", Model: "openrouter/openai/gpt-6-luna", Funding: "byok"}
	cases := []struct {
		name     string
		s        wire.Summary
		reduced  bool
		keyGiven bool
		want     string
	}{
		{"a chat on the house", wire.Summary{}, false, false, "chat · house"},
		{"a member's chat", wire.Summary{Funding: ui.FundingMember, Model: "echo"}, false, false, "chat · echo · house"},
		{"a member's chat, a key given", wire.Summary{Funding: ui.FundingMember, Model: "echo"}, false, true, "chat · echo · house, not your key"},
		{"an agent on its own key", agent, false, false, "agent · bwrap · gpt-6-luna · byok"},
		{"a viewer's session", wire.Summary{Access: ui.AccessReader, Funding: "credit"}, false, false, "chat · credit · reads the graph only"},
		{"a credit session, a key given", wire.Summary{Funding: "credit"}, false, true, "chat · byok"},
		{"a person reduced to viewer", wire.Summary{}, true, false, "chat · house · you read, not drive"},
	}
	for _, c := range cases {
		if got := ui.SessionFacts(c.s, c.reduced, c.keyGiven); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := ui.PickerKind(agent); got != "agent gpt-6-luna" {
		t.Errorf("PickerKind = %q", got)
	}
	if got := ui.PickerKind(wire.Summary{}); got != "chat" {
		t.Errorf("PickerKind of nothing = %q", got)
	}
	if got := ui.ProfileText(agent); got != "agent · bwrap" {
		t.Errorf("ProfileText = %q", got)
	}
	for in, want := range map[string]string{"a/b/c": "c", "plain": "plain", "trailing/": "trailing/", "": ""} {
		if got := ui.ModelShort(in); got != want {
			t.Errorf("ModelShort(%q) = %q, want %q", in, got, want)
		}
	}
	if ui.Or("", "x") != "x" || ui.Or("y", "x") != "y" {
		t.Error("Or")
	}
}

// TestMirrorText says where the record lives for every state the host
// tells, the time in the screen's zone, and an unknown state as such.
func TestMirrorText(t *testing.T) {
	st := uitest.Context().Styles
	at := time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC)
	paris := time.FixedZone("CEST", 2*3600)
	cases := []struct {
		name string
		m    wire.Mirror
		want []string
	}{
		{"written", wire.Mirror{State: "written", DocumentID: "doc1", Folder: "Sessions", WrittenAt: &at},
			[]string{"✓ written to document doc1 at 2026-10-14 11:00:00", "  in the folder Sessions"}},
		{"written, no time", wire.Mirror{State: "written", DocumentID: "doc1"}, []string{"✓ written to document doc1"}},
		{"failed", wire.Mirror{State: "failed", DocumentID: "doc1", Error: "quota"},
			[]string{"✗ the last write failed (document doc1): quota", "  it is tried again after the next run settles"}},
		{"failed, nothing said", wire.Mirror{State: "failed"},
			[]string{"✗ the last write failed: no message", "  it is tried again after the next run settles"}},
		{"pending", wire.Mirror{State: "pending"}, []string{"· pending: written after the next run settles"}},
		{"skipped", wire.Mirror{State: "skipped", Reason: "empty"}, []string{"· skipped: empty"}},
		{"skipped, no reason", wire.Mirror{State: "skipped"}, []string{"· skipped: the host gave no reason"}},
		{"off", wire.Mirror{State: "off"}, []string{"· off: this host does not mirror sessions into the graph"}},
		{"unknown", wire.Mirror{State: "sideways\x1b[2J"}, []string{"· the host has not said (sideways␛[2J)"}},
		{"none", wire.Mirror{}, []string{"· the host has not said (no state)"}},
	}
	for _, c := range cases {
		var got []string
		for _, l := range ui.MirrorText(c.m, st, paris) {
			got = append(got, xansi.Strip(l))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestDoors says the ways in of a refusal in a person's words, the header
// a detail; the account's door only where credit can help.
func TestDoors(t *testing.T) {
	both := &wire.Doors{BYOK: wire.Door{Header: "X-Model-Key"}, Account: wire.Door{Header: "Authorization"}}
	or := &wire.BYOK{Provider: "openrouter", DefaultModel: "openrouter/openai/gpt-6-luna"}
	keyDoor := "your own OpenRouter key: the conversation runs on it, on openrouter/openai/gpt-6-luna unless you pick a model (it goes as the X-Model-Key header)"
	account := "a Sophia account with credit: its credit pays once you sign in (vehicle login, then start again; its token goes as the Authorization header)"
	cases := []struct {
		name          string
		d             *wire.Doors
		b             *wire.BYOK
		code, funding string
		want          []string
	}{
		{"no doors", nil, or, wire.CodeModelKeyRequired, "", nil},
		{"a key is needed", both, or, wire.CodeModelKeyRequired, "credit", []string{keyDoor, account}},
		{"the own key lost", both, or, wire.CodeModelKeyRequired, ui.FundingBYOK, []string{keyDoor}},
		{"credit spent", both, or, wire.CodeOutOfCredit, "credit", []string{keyDoor}},
		{"pool spent", both, or, wire.CodeCreditPoolExhausted, "", []string{keyDoor}},
		{"provider unknown", &wire.Doors{BYOK: wire.Door{Header: "X-Key"}}, nil, wire.CodeModelKeyRequired, "",
			[]string{"your own model key: the conversation runs on it (it goes as the X-Key header)"}},
	}
	for _, c := range cases {
		if got := ui.DoorLines(c.d, c.b, c.code, c.funding); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	heads := map[[2]string]string{
		{wire.CodeModelKeyRequired, ui.FundingBYOK}: "This conversation runs on your own key, which the host no longer holds. Give it again:",
		{wire.CodeModelKeyRequired, ""}:             "This conversation needs someone to pay for the model. Either:",
		{wire.CodeOutOfCredit, "credit"}:            "Your account's credit is spent. To keep talking:",
		{wire.CodeCreditPoolExhausted, ""}:          "Today's credit for everyone is spent (until tomorrow, UTC). To keep talking now:",
		{wire.CodeSessionRunning, ""}:               "",
	}
	for in, want := range heads {
		if got := ui.DoorsHeadline(in[0], in[1]); got != want {
			t.Errorf("DoorsHeadline(%q, %q) = %q, want %q", in[0], in[1], got, want)
		}
	}
	for in, want := range map[string]string{"OpenRouter": "OpenRouter", "openai": "OpenAI", "anthropic": "Anthropic",
		"mistral": "mistral", "": ""} {
		if got := ui.ProviderName(in); got != want {
			t.Errorf("ProviderName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := ui.ModelKeyName(&wire.BYOK{}); got != "model key" {
		t.Errorf("ModelKeyName with no provider = %q", got)
	}
	if got := ui.KeyDoor(nil, ""); got != "your own model key: the conversation runs on it (it goes as the "+ui.KeyHeader+" header)" {
		t.Errorf("KeyDoor with nothing known = %q", got)
	}
}

// TestTerminalWords names another terminal by the label its client id
// carries, an id of another kind cut short, and never calls this terminal
// its own other one.
func TestTerminalWords(t *testing.T) {
	laptop3, laptop3b, laptop4 := "cli-laptop-pts3-ab12", "cli-laptop-pts3-cd34", "cli-laptop-pts4-ef56"
	if got := ui.TerminalLabel(laptop3); got != "laptop, pts/3" {
		t.Errorf("TerminalLabel = %q", got)
	}
	if got := ui.TerminalLabel("cli-other-terminal-of-someone"); got != "cli-other-t…" {
		t.Errorf("TerminalLabel of a foreign id = %q", got)
	}
	if got := ui.ShortID("short"); got != "short" {
		t.Errorf("ShortID = %q", got)
	}
	cases := []struct{ holder, me, want string }{
		{laptop4, laptop3, "your other terminal (laptop, pts/4)"},
		{laptop3b, laptop3, "an earlier vehicle in this terminal (laptop, pts/3)"},
		{laptop3, laptop3, "your other terminal (laptop, pts/3)"},
		{"cli-other", "cli-me", "your other terminal (cli-other)"},
	}
	for _, c := range cases {
		if got := ui.OtherTerminal(c.holder, c.me); got != c.want {
			t.Errorf("OtherTerminal(%q, %q) = %q, want %q", c.holder, c.me, got, c.want)
		}
	}
	revoked := []struct{ by, reason, want string }{
		{laptop4, wire.ReasonTakeover, "lease revoked: taken over by laptop, pts/4"},
		{"", wire.ReasonTakeover, "lease revoked: takeover"},
		{"", "expired\x1b[2J", "lease revoked: expired␛[2J"},
		{"", "", "lease revoked"},
	}
	for _, c := range revoked {
		if got := ui.RevokedWords(c.by, c.reason); got != c.want {
			t.Errorf("RevokedWords(%q, %q) = %q, want %q", c.by, c.reason, got, c.want)
		}
	}
}

// TestBox draws a titled box within the size given; when the text does
// not fit, the text is cut with an ellipsis and the keys (the last
// paragraph) stay whole; a short box leaves out the line under the title.
func TestBox(t *testing.T) {
	st := uitest.Context().Styles
	var text []string
	for i := range 30 {
		text = append(text, "line "+ui.Thousands(i))
	}
	body := strings.Join(text, "\n") + "\n\nenter saves · esc cancels"
	box := xansi.Strip(ui.Box(st, "Title", body, 40, 12))
	lines := strings.Split(box, "\n")
	if len(lines) > 12 {
		t.Errorf("%d lines in a box of 12:\n%s", len(lines), box)
	}
	for _, l := range lines {
		if xansi.StringWidth(l) > 40 {
			t.Errorf("a line of %d cells in a box of 40: %q", xansi.StringWidth(l), l)
		}
	}
	for _, want := range []string{"Title", "line 0", "…", "enter saves · esc cancels"} {
		if !strings.Contains(box, want) {
			t.Errorf("the cut box lacks %q:\n%s", want, box)
		}
	}
	if strings.Contains(box, "line 29") {
		t.Errorf("the box kept the last line of text over its keys:\n%s", box)
	}
	whole := xansi.Strip(ui.Box(st, "Title", "short\n\nkeys", 40, 12))
	if !strings.Contains(whole, "Title") || !strings.Contains(whole, "short") || strings.Contains(whole, "…") {
		t.Errorf("a box that fits:\n%s", whole)
	}
	tall, short := strings.Split(whole, "\n"), strings.Split(xansi.Strip(ui.Box(st, "Title", "short\n\nkeys", 40, 7)), "\n")
	if len(short) != len(tall)-1 {
		t.Errorf("a box under 8 lines keeps the blank line under its title: %d lines, %d when tall", len(short), len(tall))
	}
	if got := ui.BoxRows(12, 40, "enter saves"); got != 6 {
		t.Errorf("BoxRows(12, 40) = %d, want 6", got)
	}
	if got := ui.BoxRows(3, 40, "enter saves"); got != 1 {
		t.Errorf("BoxRows(3, 40) = %d, want 1", got)
	}
}

// TestPlaceOver centres a box over a region, what is around it kept and
// every line as wide as the region.
func TestPlaceOver(t *testing.T) {
	region := []string{"aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc", "dddddddddd", "eeeeeeeeee"}
	got := ui.PlaceOver(region, "XX\nYY", 10)
	want := []string{"aaaaaaaaaa", "bbbbXXbbbb", "ccccYYcccc", "dddddddddd", "eeeeeeeeee"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PlaceOver = %q, want %q", got, want)
	}
	if region[1] != "bbbbbbbbbb" {
		t.Error("PlaceOver wrote the region it was given")
	}
	tall := ui.PlaceOver([]string{"ab", "cd"}, "1\n2\n3\n4", 2)
	if len(tall) != 2 || tall[0] != "1b" {
		t.Errorf("a box taller than the region: %q", tall)
	}
}
