package theme

import (
	"strings"
	"testing"
)

// TestNew builds the styles for each background and checks their colours:
// none at all without colour, different ones for light and dark.
func TestNew(t *testing.T) {
	dark, light, plain := New(Options{Dark: true}), New(Options{}), New(Options{Dark: true, NoColor: true})
	if !dark.Dark || light.Dark || dark.Markdown != MarkdownDark || light.Markdown != MarkdownLight {
		t.Errorf("backgrounds mixed up: dark %+v light %+v", dark.Dark, light.Dark)
	}
	if a, b := dark.Header.Render("x"), light.Header.Render("x"); a == b {
		t.Errorf("light and dark headers render the same: %q", a)
	}
	for name, s := range map[string]string{
		"header": plain.Header.Render("x"), "selected": plain.Selected.Render("x"),
		"error": plain.StatusError.Render("x"), "marker": plain.Marker.Render("x"),
	} {
		if strings.Contains(s, "38;") || strings.Contains(s, "48;") {
			t.Errorf("NO_COLOR %s carries a colour: %q", name, s)
		}
	}
	if !strings.Contains(plain.Selected.Render("x"), "7") {
		t.Errorf("NO_COLOR selection is not shown in reverse: %q", plain.Selected.Render("x"))
	}
}

// TestSet picks the styles of a background.
func TestSet(t *testing.T) {
	s := NewSet(false)
	if s.For(true) != s.Dark || s.For(false) != s.Light || s.Dark == s.Light {
		t.Error("Set.For does not pick the background's styles")
	}
}

// TestDarkFromCOLORFGBG reads the background's colour number.
func TestDarkFromCOLORFGBG(t *testing.T) {
	cases := []struct {
		in       string
		dark, ok bool
	}{
		{"15;0", true, true}, {"0;15", false, true}, {"0;default;15", false, true},
		{"15;8", true, true}, {"0;7", false, true}, {"", false, false}, {"15;default", false, false}, {"1;99", false, false},
	}
	for _, c := range cases {
		if dark, ok := DarkFromCOLORFGBG(c.in); dark != c.dark || ok != c.ok {
			t.Errorf("DarkFromCOLORFGBG(%q) = %v, %v; want %v, %v", c.in, dark, ok, c.dark, c.ok)
		}
	}
}

// TestBodyTextIsTheTerminals holds body text in the terminal's own
// foreground on both backgrounds: readable whichever background the
// terminal has (a wrong guess of light or dark included), and no colour to
// send again at every line of a reply.
func TestBodyTextIsTheTerminals(t *testing.T) {
	for _, s := range []*Styles{New(Options{Dark: true}), New(Options{})} {
		for name, r := range map[string]string{"body": s.Body.Render("x"), "row": s.Row.Render("x"), "chip": s.ChipName.Render("x")} {
			if r != "x" {
				t.Errorf("dark %v: %s text carries a style: %q", s.Dark, name, r)
			}
		}
	}
}
