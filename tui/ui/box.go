package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/theme"
)

// Box draws a dialog: a titled box at most width cells wide and
// height lines high. Its keys are the last lines of body; when the box does
// not fit, the text above them is cut, never the keys.
func Box(st *theme.Styles, title, body string, width, height int) string {
	inner := max(min(width-4, 96), 10)
	var lines []string
	for _, l := range strings.Split(xansi.Wrap(body, inner, ""), "\n") {
		lines = append(lines, xansi.Truncate(l, inner, "…"))
	}
	if room := height - 4; room > 0 && len(lines) > room {
		// Keep the keys (the last paragraph) and as much text as fits.
		keys := lastParagraph(lines)
		text := lines[:len(lines)-len(keys)]
		cut := max(room-len(keys)-1, 0)
		if cut < len(text) {
			text = append(text[:cut:cut], st.KeyDesc.Render("…"))
		}
		lines = append(text, keys...)
		if len(lines) > room {
			lines = lines[len(lines)-room:]
		}
	}
	all := append([]string{st.OverlayTitle.Render(title), ""}, lines...)
	if height > 0 && height < 8 {
		all = append([]string{st.OverlayTitle.Render(title)}, lines...)
	}
	return st.Overlay.Render(strings.Join(all, "\n"))
}

// BoxRows is how many lines of text fit in a box of height h and width w
// above its foot (the keys, wrapped): the border, the title and two blank
// lines take the rest.
func BoxRows(h, w int, foot string) int {
	inner := max(min(w-4, 96), 10)
	footLines := strings.Count(xansi.Wrap(foot, inner, ""), "\n") + 1
	return max(h-5-footLines, 1)
}

// lastParagraph is the lines after the last blank line.
func lastParagraph(lines []string) []string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(xansi.Strip(lines[i])) == "" {
			return lines[i+1:]
		}
	}
	return lines
}

// PlaceOver draws box centred over the lines of a region, keeping what is
// around it.
func PlaceOver(region []string, box string, width int) []string {
	bl := strings.Split(box, "\n")
	bw := lipgloss.Width(box)
	top := max((len(region)-len(bl))/2, 0)
	left := max((width-bw)/2, 0)
	out := append([]string(nil), region...)
	for i, l := range bl {
		r := top + i
		if r >= len(out) {
			break
		}
		bg := out[r]
		out[r] = Pad(xansi.Truncate(bg, left, ""), left) + l + xansi.Cut(bg, left+bw, width)
	}
	return out
}
