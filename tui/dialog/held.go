package dialog

import (
	"fmt"
	"strings"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// NewHeld asks whether what an abort in the session of generation gen held
// back still goes: the steers the run ended without taking in, and the
// follow-ups held back (texts); back in the composer (HeldBack), or sent
// now, in order (SendHeld: the steers first, they were for the run that
// ended).
func NewHeld(ctx *ui.Context, gen int, steers, texts []string) *Choice {
	var b strings.Builder
	held := func(texts []string, one, many string) {
		if len(texts) == 0 {
			return
		}
		if len(texts) == 1 {
			b.WriteString(one + "\n")
		} else {
			b.WriteString(fmt.Sprintf(many, len(texts)) + "\n")
		}
		for _, t := range texts {
			b.WriteString("  · " + ui.SanitizeLine(ui.ClipRunes(t, 60)) + "\n")
		}
	}
	held(steers, "The steer you sent was not taken in before the run ended:",
		"The %d steers you sent were not taken in before the run ended:")
	held(texts, "The follow-up you queued behind it was held back, not sent:",
		"The %d follow-ups you queued behind it were held back, not sent:")
	all := append(append([]string(nil), steers...), texts...)
	ask, send := "Does it still go?", "yes: send it now"
	if len(all) > 1 {
		ask, send = "Do they still go?", "yes: send them now, in order"
	}
	return NewChoice(ctx, "Run aborted", b.String()+ask, []Option{
		{Label: "no: back in the composer", Act: HeldBack{Gen: gen, Texts: all, Steers: len(steers)}},
		{Label: send, Act: SendHeld{Gen: gen, Texts: all}},
	}, 0)
}
