package markdown

import "strings"

// literalTags escapes every "<" outside code so that markdown shows it as
// written: text from the model is not HTML, and `Vec<String>` must not
// lose its `<String>` to an HTML parser. Code spans and fenced blocks keep
// their text as it is (markdown shows code literally already).
func literalTags(src string) string {
	if !strings.Contains(src, "<") {
		return src
	}
	var b strings.Builder
	b.Grow(len(src) + 8)
	fence := ""
	for i := 0; i < len(src); {
		j := strings.IndexByte(src[i:], '\n')
		end := len(src)
		if j >= 0 {
			end = i + j + 1
		}
		line := src[i:end]
		was := fence
		fence = FenceAfter(strings.TrimRight(line, "\n"), fence)
		if was != "" || fence != "" || isIndentedCode(line) {
			b.WriteString(line)
		} else {
			escapeLine(&b, line)
		}
		i = end
	}
	return b.String()
}

// isIndentedCode reports whether a line is indented code (four spaces or a
// tab), which markdown shows literally.
func isIndentedCode(line string) bool {
	return strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")
}

// escapeLine writes line with "<" escaped outside its code spans. A code
// span opens with a run of backticks and closes with a run as long; a run
// with no match is text.
func escapeLine(b *strings.Builder, line string) {
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '\\' && i+1 < len(line):
			b.WriteString(line[i : i+2]) // an escape already: keep it whole
			i += 2
		case c == '`':
			n := runLen(line[i:], '`')
			if end := closingRun(line, i+n, n); end >= 0 {
				b.WriteString(line[i:end])
				i = end
				continue
			}
			b.WriteString(line[i : i+n])
			i += n
		case c == '<':
			b.WriteString(`\<`)
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
}

// runLen is how many times c repeats at the start of s.
func runLen(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// closingRun is the index just past the run of exactly n backticks that
// closes a code span opened before from, or -1.
func closingRun(line string, from, n int) int {
	for i := from; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		k := runLen(line[i:], '`')
		if k == n {
			return i + k
		}
		i += k
	}
	return -1
}
