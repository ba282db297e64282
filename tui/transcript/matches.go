package transcript

import (
	"strings"
	"unicode"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/theme"
)

// Where the search's matches are in an entry's drawn lines. The index
// counts a match in the message's text; the screen wraps that text, so a
// match may be split by a line break: at a space the wrap ate ("lease
// holder" drawn as "lease" and "holder"), or inside a word too long for a
// line. The lines are read as one text in which a line break (with the
// spaces around it and the next line's indent) stands for a space of the
// query, or for nothing between two letters, so that such a match is
// highlighted on both lines.

// segment is the part of one match on one line: runes [from, to) of the
// line's plain text.
type segment struct{ line, from, to int }

// match is one occurrence of the query, as it is drawn: a segment per line
// it spans.
type match []segment

// lineBreak stands for a line break in the text the lines are read as.
const lineBreak = '\n'

// flatLines reads lines as one case-folded text: each line's plain runes,
// the spaces at its end and the next line's indent left out, a lineBreak
// between lines. at maps each rune of the text to its line and rune there
// ({-1, -1} for a lineBreak).
func flatLines(lines []string) (text []rune, at [][2]int) {
	for li, l := range lines {
		plain := foldRunes(xansi.Strip(l))
		end := len(plain)
		for end > 0 && unicode.IsSpace(plain[end-1]) {
			end--
		}
		start := 0
		if li > 0 {
			for start < end && unicode.IsSpace(plain[start]) {
				start++
			}
			text, at = append(text, lineBreak), append(at, [2]int{-1, -1})
		}
		for c := start; c < end; c++ {
			text, at = append(text, plain[c]), append(at, [2]int{li, c})
		}
	}
	return text, at
}

// matchAt is the end of q matched at text[i:], or -1; across says whether
// it crossed a line break. A space of q matches a space or a line break; a
// line break between two letters may also be passed over (a word broken
// by the wrap).
func matchAt(text, q []rune, i int) (end int, across bool) {
	k := i
	for j := 0; j < len(q); j++ {
		if k >= len(text) {
			return -1, false
		}
		switch {
		case unicode.IsSpace(q[j]) && (text[k] == lineBreak || unicode.IsSpace(text[k])):
			across = across || text[k] == lineBreak
			k++
			continue
		case text[k] == lineBreak && j > 0 && midWord(text, k):
			k, across = k+1, true
		}
		if k >= len(text) || text[k] != q[j] {
			return -1, false
		}
		k++
	}
	return k, across
}

// midWord reports whether the line break at text[k] splits a word: a
// letter or digit on either side.
func midWord(text []rune, k int) bool {
	return k > 0 && k+1 < len(text) && !unicode.IsSpace(text[k-1]) && text[k-1] != lineBreak &&
		!unicode.IsSpace(text[k+1]) && text[k+1] != lineBreak
}

// findMatches are the occurrences of q (folded) in lines, in order,
// without overlaps. expect is how many the index counts in the entry's
// text: when the matches that cross a line break would make more than
// that and those within a line make just that, a break stood for a real
// line end (which the index's text has as a newline, not a space), and
// only those within a line are kept.
func findMatches(lines []string, q []rune, expect int) []match {
	if len(q) == 0 {
		return nil
	}
	text, at := flatLines(lines)
	var all, within []match
	for i := 0; i+len(q) <= len(text); {
		end, across := -1, false
		if text[i] != lineBreak {
			end, across = matchAt(text, q, i)
		}
		if end < 0 {
			i++
			continue
		}
		m := segments(at[i:end])
		all = append(all, m)
		if !across {
			within = append(within, m)
		}
		i = end
	}
	if len(all) > expect && len(within) == expect {
		return within
	}
	return all
}

// segments groups a match's runes by line.
func segments(at [][2]int) match {
	var m match
	for _, p := range at {
		if p[0] < 0 {
			continue
		}
		if n := len(m); n > 0 && m[n-1].line == p[0] {
			m[n-1].to = p[1] + 1
			continue
		}
		m = append(m, segment{line: p[0], from: p[1], to: p[1] + 1})
	}
	return m
}

// matchLine is the line of lines where the nth match of q starts (from 0):
// the last match's when there are fewer, 0 when none.
func matchLine(lines []string, q []rune, expect, nth int) int {
	ms := findMatches(lines, q, expect)
	if len(ms) == 0 {
		return 0
	}
	m := ms[min(nth, len(ms)-1)]
	if len(m) == 0 {
		return 0
	}
	return m[0].line
}

// highlight styles every match of q in lines, the cur-th (from 0; -1 for
// none) as the current one, on every line it spans.
func highlight(lines []string, q []rune, expect, cur int, st *theme.Styles) []string {
	ms := findMatches(lines, q, expect)
	if len(ms) == 0 {
		return lines
	}
	type styled struct {
		segment
		current bool
	}
	byLine := make(map[int][]styled)
	for n, m := range ms {
		for _, sg := range m {
			byLine[sg.line] = append(byLine[sg.line], styled{sg, n == cur})
		}
	}
	out := make([]string, len(lines))
	for li, line := range lines {
		segs := byLine[li]
		if len(segs) == 0 {
			out[li] = line
			continue
		}
		plain := []rune(xansi.Strip(line))
		var b strings.Builder
		at := 0 // cells written so far
		for _, sg := range segs {
			from := xansi.StringWidth(string(plain[:sg.from]))
			to := from + xansi.StringWidth(string(plain[sg.from:sg.to]))
			style := st.Match
			if sg.current {
				style = st.MatchCurrent
			}
			b.WriteString(xansi.Cut(line, at, from))
			b.WriteString(style.Render(string(plain[sg.from:sg.to])))
			at = to
		}
		b.WriteString(xansi.Cut(line, at, xansi.StringWidth(line)))
		out[li] = b.String()
	}
	return out
}
