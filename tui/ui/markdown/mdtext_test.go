package markdown

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestMarkdownKeepsAngleBrackets shows text that looks like a tag as
// written, in prose and in code, and never as markup.
func TestMarkdownKeepsAngleBrackets(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"generic type", "Use a Vec<String> here.", "Vec<String>"},
		{"tag pair", "Wrap it in <b>bold</b> please.", "<b>bold</b>"},
		{"script", "<script>alert(1)</script>", "<script>alert(1)</script>"},
		{"comparison", "when a<b and c>d", "a<b and c>d"},
		{"code span", "the type `Vec<String>` again", "Vec<String>"},
		{"fence", "```rust\nlet v: Vec<String> = vec![];\n```", "Vec<String>"},
		{"autolink", "see <https://x.example>", "<https://x.example>"},
	}
	md := New(theme.MarkdownDark, 60)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := uitest.StripSGR(strings.Join(md.Render(c.src, nil), "\n"))
			if !strings.Contains(got, c.want) {
				t.Errorf("render(%q) = %q, want it to show %q", c.src, got, c.want)
			}
			uitest.CheckInert(t, got)
		})
	}
}

// TestLiteralTags escapes "<" only outside code.
func TestLiteralTags(t *testing.T) {
	cases := []struct{ in, want string }{
		{"no tags", "no tags"},
		{"Vec<String>", `Vec\<String>`},
		{"`a<b` c<d", "`a<b` c\\<d"},
		{"``x ` <y`` <z", "``x ` <y`` \\<z"},
		{"unclosed ` <a", "unclosed ` \\<a"},
		{`already \<kept`, `already \<kept`},
		{"```\n<a>\n```\n<b>", "```\n<a>\n```\n\\<b>"},
		{"    <indented>", "    <indented>"},
	}
	for _, c := range cases {
		if got := literalTags(c.in); got != c.want {
			t.Errorf("literalTags(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
