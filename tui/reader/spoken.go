package reader

import (
	"regexp"
	"strings"
)

// spoken rewrites a reply's markdown as text a screen reader reads well:
// a heading is its words, a list item starts with "•", a fenced code block
// is announced ("code, go:") and closed ("end of code."), and the marks of
// emphasis, inline code and links are dropped (a link keeps its address in
// brackets). Code keeps its lines as they are. It never drops a word: text
// it does not recognise is left alone.
func spoken(md string) string {
	var b strings.Builder
	fence := ""
	for i, line := range strings.Split(md, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		if fence != "" {
			if indent < 4 && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
				b.WriteString("end of code.")
				continue
			}
			b.WriteString(line)
			continue
		}
		if f, lang, ok := openFence(trimmed, indent); ok {
			fence = f
			b.WriteString(codeWords(lang))
			continue
		}
		b.WriteString(spokenLine(line))
	}
	if fence != "" {
		b.WriteString("\nend of code.")
	}
	return b.String()
}

// openFence reports whether line opens a fenced code block: the fence
// (``` or ~~~, or longer) and what follows it, the block's language first.
func openFence(line string, indent int) (fence, lang string, ok bool) {
	if indent > 3 {
		return "", "", false
	}
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(line) && line[n] == c {
			n++
		}
		if n >= 3 {
			info := strings.TrimSpace(line[n:])
			if c == '`' && strings.Contains(info, "`") {
				return "", "", false
			}
			return line[:n], info, true
		}
	}
	return "", "", false
}

// codeWords announces a code block.
func codeWords(lang string) string {
	if lang == "" {
		return "code:"
	}
	return "code, " + lang + ":"
}

var (
	heading  = regexp.MustCompile(`^ {0,3}#{1,6}(?:\s+|$)`)
	bullet   = regexp.MustCompile(`^(\s*)[-*+]\s+`)
	rule     = regexp.MustCompile(`^ {0,3}(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$`)
	strong   = regexp.MustCompile(`\*\*(\S(?:[^*]*\S)?)\*\*`)
	emphasis = regexp.MustCompile(`(^|[^\w*])\*(\S(?:[^*]*\S)?)\*`)
	tick     = regexp.MustCompile("`([^`\n]+)`")
	link     = regexp.MustCompile(`\[([^\]\n]+)\]\(([^)\s]+)\)`)
)

// spokenLine drops the marks of one line outside code.
func spokenLine(line string) string {
	switch {
	case rule.MatchString(line):
		return ""
	case heading.MatchString(line):
		line = strings.TrimRight(heading.ReplaceAllString(line, ""), "# ")
	case bullet.MatchString(line):
		line = bullet.ReplaceAllString(line, "${1}• ")
	}
	line = link.ReplaceAllString(line, "$1 ($2)")
	line = strong.ReplaceAllString(line, "$1")
	line = emphasis.ReplaceAllString(line, "$1$2")
	return tick.ReplaceAllString(line, "$1")
}
