package transcript

import (
	"fmt"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestCodeBlocks reads fenced blocks as markdown does.
func TestCodeBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []dialog.CodeBlock
	}{
		{"none", "just `code` text", nil},
		{"one", "a\n```go\nx := 1\n```\nb", []dialog.CodeBlock{{Lang: "go", Text: "x := 1", Lines: 1}}},
		{"tildes and info", "~~~ python extra\nprint(1)\n\nprint(2)\n~~~", []dialog.CodeBlock{{Lang: "python", Text: "print(1)\n\nprint(2)", Lines: 3}}},
		{"longer fence holds a shorter one", "````md\n```\ninner\n```\n````", []dialog.CodeBlock{{Lang: "md", Text: "```\ninner\n```", Lines: 3}}},
		{"unclosed runs to the end", "```\nopen\nstill", []dialog.CodeBlock{{Lang: "", Text: "open\nstill", Lines: 2}}},
		{"indented fence", "  ```sh\n  ls\n    -l\n  ```", []dialog.CodeBlock{{Lang: "sh", Text: "ls\n  -l", Lines: 2}}},
		{"crlf", "```\r\nx\r\n```\r\n", []dialog.CodeBlock{{Lang: "", Text: "x", Lines: 1}}},
		{"four spaces is not a fence", "    ```\n    x\n    ```", nil},
		{"backtick in info is not a fence", "``` a`b\nx", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := codeBlocks(tc.src)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			if hasCodeBlock(tc.src) != (len(tc.want) > 0) {
				t.Errorf("hasCodeBlock disagrees")
			}
		})
	}
}

// FuzzCodeBlocks: any text parses without a panic, within the bound, and
// agrees with hasCodeBlock.
func FuzzCodeBlocks(f *testing.F) {
	for _, s := range []string{"```go\nx\n```", "~~~~\n```\n~~~", "  ```\r\n", "````` a`b", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bs := codeBlocks(s)
		if len(bs) > maxCodeBlocks || hasCodeBlock(s) != (len(bs) > 0) {
			t.Fatalf("%d blocks, hasCodeBlock %v", len(bs), hasCodeBlock(s))
		}
		for _, b := range bs {
			if b.Lines != strings.Count(b.Text, "\n")+1 && !(b.Lines == 0 && b.Text == "") {
				t.Fatalf("block %+v counts its lines wrong", b)
			}
		}
	})
}

// TestChipDetailBounds: long arguments and results wrap to the width and
// stop at their bound; host text is inert.
func TestChipDetailBounds(t *testing.T) {
	r := newRenderer(uitest.Context().Styles, nil, 40)
	e := &wire.Entry{Kind: wire.EntryTool, ToolName: "x", ToolState: wire.ToolOK,
		ToolArgs: `{"text":"` + strings.Repeat("word ", 60) + `"}`, Text: "\x1b[2Jboom\n" + strings.Repeat("line\n", 30)}
	lines := r.chipDetail(e)
	all := strings.Join(lines, "\n")
	if strings.Contains(all, "\x1b[2J") || !strings.Contains(all, "␛[2Jboom") {
		t.Errorf("host text is not inert:\n%s", all)
	}
	if n := len(lines); n != 2+2*chipDetailLines {
		t.Errorf("%d lines; want two labels and %d of each part:\n%s", n, chipDetailLines, all)
	}
	for _, l := range lines {
		if w := xansi.StringWidth(l); w > 40 {
			t.Errorf("a line of %d cells at width 40: %q", w, l)
		}
	}
	if !strings.Contains(all, "… 26 more lines") {
		t.Errorf("the result does not say how many lines are left:\n%s", all)
	}
	running := strings.Join(r.chipDetail(&wire.Entry{Kind: wire.EntryTool, ToolState: wire.ToolRunning}), "\n")
	if !strings.Contains(running, "(none sent)") || !strings.Contains(running, "(running: no result yet)") {
		t.Errorf("a running chip with nothing yet:\n%s", running)
	}
	if got := argText(`["a"]`); got != `["a"]` {
		t.Errorf("arguments that are not an object: %q", got)
	}
}

// TestFailureLines wraps a long error under its mark, sanitized, and draws
// nothing for a turn that did not fail.
func TestFailureLines(t *testing.T) {
	r := newRenderer(uitest.Context().Styles, time.UTC, 30)
	e := wire.Entry{Kind: wire.EntryMessage, Role: wire.RoleUser, Text: "hi", Rev: 1}
	if got := r.failureLines(&e); got != nil {
		t.Fatalf("a turn that did not fail draws %q", got)
	}
	e.Failure = "the model \x1b[31mfailed\x1b[0m on a very long line of words"
	lines := r.lines(&e)
	var text []string
	for _, l := range lines {
		text = append(text, xansi.Strip(l))
	}
	joined := strings.Join(text, "\n")
	if !strings.Contains(joined, "  ✗ failed: the model") || strings.Contains(joined, "\x1b[31m") {
		t.Fatalf("failure lines:\n%s", joined)
	}
	for _, l := range text {
		if len([]rune(l)) > 30 {
			t.Errorf("line %q is wider than 30", l)
		}
	}
	if !strings.Contains(text[len(text)-1], "words") || text[2] != "  hi" {
		t.Errorf("want the turn's text, then the wrapped failure under it:\n%s", joined)
	}
}

// TestStreamedLikeWhole: a reply streamed in pieces of every size, flushed
// after each, draws what one flush of its whole text draws, and the reply
// once complete draws its finished blocks from the stream's renderings.
func TestStreamedLikeWhole(t *testing.T) {
	text := "# Title\n\nA paragraph with **bold** and `code`.\r\n\r\n```go\nx := 1\n\ny := 2\n```\n\n" +
		"- one\n- two\n\n\n> quoted \x1b[31m text\n\nThe end, without a blank line after it"
	for _, size := range []int{1, 3, 7, 40, len(text)} {
		r := newRenderer(uitest.Context().Styles, time.UTC, 60)
		e := &wire.Entry{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, MessageID: "m1", Streaming: true}
		for i := 0; i < len(text); i += size {
			e.Text = text[:min(i+size, len(text))]
			r.flushStream(e)
		}
		whole := newRenderer(uitest.Context().Styles, time.UTC, 60)
		whole.flushStream(e)
		if got, want := strings.Join(r.reply(e), "\n"), strings.Join(whole.reply(e), "\n"); got != want {
			t.Errorf("pieces of %d:\n%s\nwhole:\n%s", size, got, want)
		}
	}
}

// TestGlamourTailDrawnEveryThirdFlush: an unfinished task list (drawn
// through glamour) is drawn again at every third flush while it streams in, the
// flushes between saying it is behind; a flush of the same text then draws
// it whole (the tick that follows the last delta), and a finished block is
// never left behind.
func TestGlamourTailDrawnEveryThirdFlush(t *testing.T) {
	r := newRenderer(uitest.Context().Styles, time.UTC, 60)
	e := &wire.Entry{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, MessageID: "m1", Streaming: true}
	es := []wire.Entry{*e}
	flush := func(text string) bool {
		e.Text = text
		es[0] = *e
		return r.flushStream(e)
	}
	shows := func(text string) bool { return strings.Contains(strings.Join(r.reply(e), "\n"), text) }
	if !flush("- [ ] one\n") || !shows("one") {
		t.Fatalf("the list's first item was not drawn:\n%s", strings.Join(r.reply(e), "\n"))
	}
	if flush("- [ ] one\n- two\n") || shows("two") || !r.streamsBehind(es) {
		t.Fatalf("the second flush drew the list again (or did not say it is behind):\n%s", strings.Join(r.reply(e), "\n"))
	}
	if flush("- [ ] one\n- two\n- three\n") || shows("three") {
		t.Fatal("the third flush drew the list again")
	}
	if !flush("- [ ] one\n- two\n- three\n- four\n") || !shows("four") || r.streamsBehind(es) {
		t.Fatal("the fourth flush did not draw the list whole")
	}
	flush("- [ ] one\n- two\n- three\n- four\n- five\n")
	if !r.streamsBehind(es) || !flush(e.Text) || !shows("five") {
		t.Fatal("a flush of the same text did not draw what was behind")
	}
	flush(e.Text + "- [ ] six\n")
	if !flush(e.Text+"\nA paragraph.") || !shows("six") || !shows("paragraph.") || r.streamsBehind(es) {
		t.Fatalf("the list finished while behind is not drawn whole:\n%s", strings.Join(r.reply(e), "\n"))
	}
}

// TestListTailDrawnAtEveryFlush: an unfinished list or code block, which
// the renderer draws without glamour, is drawn whole at every flush (its
// last words shown), never left behind, and once complete the streamed
// drawing is the finished reply's (the screen does not change when
// message.completed comes). That each is glamour's drawing is
// markdown.TestBlocksDrawLikeGlamour's.
func TestListTailDrawnAtEveryFlush(t *testing.T) {
	for _, text := range []string{"- one\n- two, with `code`\n- three\n", "```go\nx := 1\ny := x + 1\nfmt.Println(y)\n```\n"} {
		r := newRenderer(uitest.Context().Styles, time.UTC, 60)
		e := &wire.Entry{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, MessageID: "m1", Streaming: true}
		for end := 1; end <= len(text); end++ {
			e.Text = text[:end]
			r.flushStream(e)
			if r.streamsBehind([]wire.Entry{*e}) {
				t.Fatalf("%q left behind", e.Text)
			}
			last := strings.TrimSpace(ui.Sanitize(e.Text[strings.LastIndexAny(e.Text[:len(e.Text)-1], "\n ")+1:]))
			if strings.Trim(last, "abcdefghijklmnopqrstuvwxyz0123456789") == "" && last != "" && !strings.Contains(xansi.Strip(strings.Join(r.reply(e), "\n")), last) {
				t.Fatalf("%q drawn without its last words %q:\n%s", e.Text, last, strings.Join(r.reply(e), "\n"))
			}
		}
		streamed := r.reply(e)[2:]
		done := *e
		done.Streaming, done.Rev = false, 2
		whole := newRenderer(uitest.Context().Styles, time.UTC, 60)
		if got, want := strings.Join(streamed, "\n"), strings.Join(whole.reply(&done)[2:], "\n"); got != want {
			t.Errorf("streamed:\n%s\nthe finished reply:\n%s", got, want)
		}
	}
}

// TestStreamedAcrossACut: a streaming text whose start the client cut
// (Entry.Cut grew, the text now starts at a later block) draws what a fresh
// rendering of the kept text draws, and goes on streaming after it.
func TestStreamedAcrossACut(t *testing.T) {
	var b strings.Builder
	for i := range 12 {
		fmt.Fprintf(&b, "Paragraph %d with **bold** words.\n\n- item %d\n- more\n\n", i, i)
	}
	text := b.String()
	r := newRenderer(uitest.Context().Styles, time.UTC, 60)
	e := &wire.Entry{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, MessageID: "m1", Streaming: true}
	for i := 0; i < len(text); i += 17 {
		e.Text = text[:min(i+17, len(text))]
		r.flushStream(e)
	}
	rendered := map[string]*string{} // each finished block's first line, as rendered before the cut
	for _, b := range r.streams["m1"].blocks {
		rendered[b.Src] = &b.Lines[0]
	}
	cut := strings.Index(text, "Paragraph 5")
	e.Text, e.Cut = text[cut:]+"A tail after the cut", int64(cut)
	r.flushStream(e)
	for _, b := range r.streams["m1"].blocks {
		if p, ok := rendered[b.Src]; ok && p != &b.Lines[0] {
			t.Fatalf("the block %q was rendered again after the cut", b.Src)
		}
	}
	fresh := newRenderer(uitest.Context().Styles, time.UTC, 60)
	whole := *e
	fresh.flushStream(&whole)
	if got, want := strings.Join(r.reply(e), "\n"), strings.Join(fresh.reply(&whole), "\n"); got != want {
		t.Errorf("after the cut:\n%s\nfresh:\n%s", got, want)
	}
	if got := strings.Join(r.reply(e), "\n"); strings.Contains(got, "Paragraph 4") || !strings.Contains(got, "A tail after the") {
		t.Errorf("the cut start is drawn, or the tail is not:\n%s", got)
	}
}
