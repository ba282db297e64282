package slash

import (
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		draft string
		want  Line
	}{
		{"hello", Line{}},
		{"  /help ", Line{Kind: Command, Name: "help"}},
		{"/rename  A new title ", Line{Kind: Command, Name: "rename", Arg: "A new title"}},
		{"/Policy co-drive", Line{Kind: Command, Name: "policy", Arg: "co-drive"}},
		{"/rename\nTwo lines", Line{Kind: Command, Name: "rename", Arg: "Two lines"}},
		{"//etc/hosts is a file", Line{Kind: Literal, Text: "/etc/hosts is a file"}},
		{"/etc/hosts is a file", Line{}},
		{"/", Line{}},
		{"/ spaced", Line{}},
		{"a /help inside", Line{}},
		{"/frobnicate now", Line{Kind: Command, Name: "frobnicate", Arg: "now"}},
	}
	for _, c := range cases {
		t.Run(c.draft, func(t *testing.T) {
			if got := Parse(c.draft); got != c.want {
				t.Errorf("Parse(%q) = %+v, want %+v", c.draft, got, c.want)
			}
		})
	}
}

func TestEscape(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"/text": "//text", "plain": "plain", " /x": "/ /x"} {
		got := Escape(in)
		if got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
		if in == "/text" && Parse(got) != (Line{Kind: Literal, Text: in}) {
			t.Errorf("the escaped %q does not read back as the literal", got)
		}
	}
}

// FuzzParse: any draft parses without a panic; a command's name is a
// slash name, and a literal's text is the draft less one "/".
func FuzzParse(f *testing.F) {
	for _, s := range []string{"/help", "//x", "/rename a b", "/\n", "/é", "hello"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := Parse(s)
		switch l.Kind {
		case Command:
			if !isName(l.Name) || l.Name == "" {
				t.Errorf("%q: name %q", s, l.Name)
			}
		case Literal:
			if !utf8.ValidString(s) {
				return
			}
			if l.Text == "" || l.Text[0] != '/' {
				t.Errorf("%q: literal %q", s, l.Text)
			}
		}
	})
}
