package tui

import (
	"testing"
	"unicode/utf8"
)

func TestParseSlash(t *testing.T) {
	t.Parallel()
	cases := []struct {
		draft string
		want  slashLine
	}{
		{"hello", slashLine{}},
		{"  /help ", slashLine{kind: slashCommand, name: "help"}},
		{"/rename  A new title ", slashLine{kind: slashCommand, name: "rename", arg: "A new title"}},
		{"/Policy co-drive", slashLine{kind: slashCommand, name: "policy", arg: "co-drive"}},
		{"/rename\nTwo lines", slashLine{kind: slashCommand, name: "rename", arg: "Two lines"}},
		{"//etc/hosts is a file", slashLine{kind: slashLiteral, text: "/etc/hosts is a file"}},
		{"/etc/hosts is a file", slashLine{}},
		{"/", slashLine{}},
		{"/ spaced", slashLine{}},
		{"a /help inside", slashLine{}},
		{"/frobnicate now", slashLine{kind: slashCommand, name: "frobnicate", arg: "now"}},
	}
	for _, c := range cases {
		t.Run(c.draft, func(t *testing.T) {
			if got := parseSlash(c.draft); got != c.want {
				t.Errorf("parseSlash(%q) = %+v, want %+v", c.draft, got, c.want)
			}
		})
	}
}

func TestEscapeSlash(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"/text": "//text", "plain": "plain", " /x": "/ /x"} {
		got := escapeSlash(in)
		if got != want {
			t.Errorf("escapeSlash(%q) = %q, want %q", in, got, want)
		}
		if in == "/text" && parseSlash(got) != (slashLine{kind: slashLiteral, text: in}) {
			t.Errorf("the escaped %q does not read back as the literal", got)
		}
	}
}

func TestParsePolicy(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"suggest": "suggest", "CO-DRIVE": "co-drive", "codrive": "co-drive",
		" mute ": "mute", "observe": "observe", "loud": "", "": ""} {
		got, ok := parsePolicy(in)
		if got != want || ok != (want != "") {
			t.Errorf("parsePolicy(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// FuzzParseSlash: any draft parses without a panic; a command's name is a
// slash name, and a literal's text is the draft less one "/".
func FuzzParseSlash(f *testing.F) {
	for _, s := range []string{"/help", "//x", "/rename a b", "/\n", "/é", "hello"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := parseSlash(s)
		switch l.kind {
		case slashCommand:
			if !isSlashName(l.name) || l.name == "" {
				t.Errorf("%q: name %q", s, l.name)
			}
		case slashLiteral:
			if !utf8.ValidString(s) {
				return
			}
			if l.text == "" || l.text[0] != '/' {
				t.Errorf("%q: literal %q", s, l.text)
			}
		}
	})
}
