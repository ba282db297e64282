package composer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// draftOf is a draft of n lines of ordinary prose, set as typed text (not
// a chip): what many small pastes leave in the composer.
func draftOf(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d of a draft made of many small pastes, some sixty columns\n", i)
	}
	return b.String()
}

// benchKey is one key typed at the end of a draft of n lines, with the
// composer drawn after it, as the program does.
func benchKey(b *testing.B, n int) {
	c := New(uitest.Context(), "")
	c.SetSize(100, 12)
	c.chips = chips{} // typed text: no chip stands for it
	c.ta.SetValue(draftOf(n))
	c.ta.MoveToEnd()
	c.fit()
	c.Update(uitest.Press('x'))
	c.View()
	for b.Loop() {
		c.Update(uitest.Press('x'))
		c.View()
	}
}

func BenchmarkKeyDraft10(b *testing.B)   { benchKey(b, 10) }
func BenchmarkKeyDraft2450(b *testing.B) { benchKey(b, 2450) }
func BenchmarkKeyDraft9000(b *testing.B) { benchKey(b, 9000) }
