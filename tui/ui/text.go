package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
)

// Pad cuts or pads s to exactly w cells.
func Pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := xansi.StringWidth(s)
	if n > w {
		return xansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// FitLines is exactly height lines: cut, or filled with blank ones.
func FitLines(lines []string, height int) []string {
	lines = lines[:min(len(lines), height)]
	for len(lines) < height {
		lines = append(lines, "")
	}
	return lines
}

// ClipRunes cuts s to n runes, the last an ellipsis, when it has more. It
// reads no more of s than that, so its cost does not grow with s.
func ClipRunes(s string, n int) string {
	if len(s) <= n {
		return s // n bytes are at most n runes
	}
	i := 0
	for k := 0; k < n-1 && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i >= len(s) {
		return s
	}
	if _, size := utf8.DecodeRuneInString(s[i:]); i+size >= len(s) {
		return s // exactly n runes
	}
	return s[:i] + "…"
}

// WrapPlain wraps plain text (already sanitized) to width cells.
func WrapPlain(src string, width int) []string {
	src = strings.TrimRight(src, "\n")
	if src == "" {
		return nil
	}
	w := xansi.Wrap(src, max(width, 1), "")
	return strings.Split(w, "\n")
}

// Window is the first of n rows of a list shown in rows lines, the newest
// last: the selected one (sel, -1 for none) is always among them. When rows
// are left above, a line says so and takes one of the lines.
func Window(n, rows, sel int) int {
	if n <= rows || rows <= 0 {
		return 0
	}
	shown := rows
	if rows > 1 {
		shown-- // the "… older" line
	}
	first := n - shown
	if sel >= 0 && sel < first {
		first = sel
	}
	return first
}

// JoinFit joins the parts that are not empty with " · " and cuts the result
// to width.
func JoinFit(parts []string, width int) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	s := strings.Join(kept, " · ")
	if xansi.StringWidth(s) > width {
		s = xansi.Truncate(s, width, "…")
	}
	return s
}

// Thousands writes n with commas between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Bytes words a size in one unit everywhere a size is said (a draft, a
// paste, a message's limit, a reply not kept): "812 bytes", "125 KiB",
// "1.9 MiB", rounded up, so a size over a limit never reads as the limit
// ("65 KiB, over the 64 KiB").
func Bytes(n int64) string {
	switch {
	case n == 1:
		return "1 byte"
	case n < 1<<10:
		return strconv.FormatInt(n, 10) + " bytes"
	case n < 1<<20:
		return Thousands(int((n+1<<10-1)>>10)) + " KiB"
	}
	tenths := (n*10 + 1<<20 - 1) >> 20
	if tenths >= 100 {
		return Thousands(int((tenths+9)/10)) + " MiB"
	}
	return strconv.FormatInt(tenths/10, 10) + "." + strconv.FormatInt(tenths%10, 10) + " MiB"
}
