package wire

import "strings"

// plainPreview is the first words of a session's preview as plain text:
// the host's preview is the first message's words, markdown and all, and a
// message that opens with a code block showed as "```sql SELECT …". The
// words outside code blocks come first; a preview that is all code keeps
// the code's words. Fences, heading and quote marks, list bullets and the
// backticks and stars around prose words go; the words stay in their order.
func plainPreview(s string) string {
	var prose, code []string
	inCode := false
	for _, tok := range strings.Fields(strings.ReplaceAll(s, "~~~", "```")) {
		parts := strings.Split(tok, "```")
		for i, w := range parts {
			if i > 0 { // a fence came before w
				inCode = !inCode
				if inCode && w != "" {
					continue // the language the fence names
				}
			}
			switch {
			case w == "":
			case inCode:
				code = append(code, w)
			case len(prose) == 0 && markOnly(w):
			default:
				if w = strings.Trim(w, "`*"); w != "" {
					prose = append(prose, w)
				}
			}
		}
	}
	if len(prose) == 0 || len(prose) == 1 && prose[0] == "…" {
		prose = code
	}
	return strings.Join(prose, " ")
}

// markOnly reports whether w is a line's mark and no word: a heading's
// hashes, a quote's >, a list's bullet or number.
func markOnly(w string) bool {
	switch {
	case strings.Trim(w, "#") == "", w == ">", w == "-", w == "*", w == "+":
		return true
	}
	n := strings.TrimRight(w, ".)")
	return len(n) < len(w) && n != "" && strings.Trim(n, "0123456789") == ""
}
