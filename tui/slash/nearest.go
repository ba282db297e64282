package slash

import (
	"slices"
	"strings"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Cmd is a command as the words name it: its slash name ("" for one the
// palette alone runs), its name in the palette and the words that find it.
type Cmd struct {
	Slash, Name, Words string
}

// Nearest is the command a name that is none most likely meant: one it
// begins, one whose words hold it ("/clear" → /new, "/find" → /search),
// else the one spelled closest (at most two letters off).
func Nearest(name string, cmds []Cmd) (Cmd, bool) {
	name = strings.ToLower(name)
	for _, c := range cmds {
		if c.Slash != "" && strings.HasPrefix(c.Slash, name) {
			return c, true
		}
	}
	for _, c := range cmds {
		if c.Slash != "" && slices.Contains(strings.Fields(c.Words), name) {
			return c, true
		}
	}
	best, dist := Cmd{}, 3
	for _, c := range cmds {
		if d := editDistance(name, c.Slash); c.Slash != "" && d < dist {
			best, dist = c, d
		}
	}
	return best, dist < 3
}

// editDistance is the letters to change, add or take out to make a into b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// Unknown says a draft names no command, and the nearest one: the note
// for the status line, and the question (keep the draft, run the nearest
// command instead: RunNearest, or send the text as it is: yes, send).
func Unknown(ctx *ui.Context, l Line, cmds []Cmd, question, yes string, send ui.Action) (note string, ask *dialog.Choice) {
	name := "/" + ui.SanitizeLine(ui.ClipRunes(l.Name, 32))
	opts := []dialog.Option{{Label: "keep it in the composer"}}
	said := name + " is not a command"
	if near, ok := Nearest(l.Name, cmds); ok {
		said += "; the nearest is /" + near.Slash + " (" + near.Name + ")"
		opts = append(opts, dialog.Option{Label: "run /" + near.Slash + " instead", Act: RunNearest{Slash: near.Slash}})
	}
	opts = append(opts, dialog.Option{Label: yes, Act: send})
	palette := ui.KeyName(ctx.Keys.Palette)
	return said + " · " + palette + " lists them",
		dialog.NewChoice(ctx, "Not a command", said+" ("+palette+" lists them all).\n"+question, opts, 0)
}
