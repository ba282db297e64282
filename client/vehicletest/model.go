package vehicletest

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Model decides what each turn of a run says.
type Model interface {
	// Turn answers one model turn. ctx ends when the run is aborted.
	Turn(ctx context.Context, req TurnRequest) Reply
}

// TurnRequest is what the model sees for one turn.
type TurnRequest struct {
	SessionID   string
	RunID       string
	Text        string   // the user text this part of the run answers
	ContextRefs []string // the ids the person had open
	Step        int      // 1 for the first turn after Text, 2 after one tool round, ...
	Turn        int      // the run's turn number, from 1
}

// Reply is one assistant turn: its text in pieces, its tool calls, and how
// the host plays it.
type Reply struct {
	Deltas    []string  // the assistant text, streamed piece by piece
	ToolCalls []ToolUse // tools the turn calls; the run goes on after them
	Slow      bool      // pace the deltas by Limits.SlowDelta
	Hold      bool      // wait after the first delta until Proceed or abort
	Err       string    // non-empty: the turn fails (run.error, command.failed)
	CostUSD   float64   // the turn's cost (0: Limits.TurnCostUSD)

	// What the body does around the turn (see also the Host's controls).
	Exit           *BodyExit // an agent's body dies instead of answering (a chat body cannot: the turn fails)
	Stubborn       bool      // with Hold: an abort is slow (abort.slow), honoured after Limits.StubbornFor
	Retries        int       // retry.started this many times before the turn
	Compact        bool      // compaction.started and compaction.ended before the turn
	Notices        []string  // body.notice messages from the body's extensions, before the turn
	ExtensionError string    // extension.error (of pi-sophia) before the turn
	MirrorFail     string    // the mirror write after this run fails with this message
}

// ToolUse is one tool call and how it ends. Args is the call's arguments, a
// JSON object ("" for none; text that is not JSON is sent as a string).
type ToolUse struct {
	Name    string
	Args    string
	IsError bool
	Result  string
}

// Scripted is the default model: markers in the text pick the path. Plain
// text gets a short markdown echo; #tool calls a graph tool then replies;
// #toolerror gets a failing tool; #code replies with two code blocks;
// #slow paces the deltas; #hold waits after
// the first delta; #overrun calls tools until the budget guard stops it;
// #fail fails the run; #long N replies N paragraphs; #words N replies N
// words of varied prose, a word a delta (as a model streams tokens); #kib N
// replies N KiB of prose paragraphs, 4 KiB a delta (a reply too long to
// keep while it streams). Around the turn:
// #crash makes an agent's body exit (code 1, with a stderr), #kill kills
// it (SIGKILL); #stubborn makes an abort of a #hold slow; #retry, #compact,
// #notice and #exterror send retry.started, compaction.started/ended,
// body.notice and extension.error first; #mirrorfail fails the mirror
// write after the run.
type Scripted struct{}

// Turn answers by the markers of req.Text.
func (Scripted) Turn(_ context.Context, req TurnRequest) Reply {
	t := req.Text
	r := Reply{Slow: strings.Contains(t, "#slow"), Hold: strings.Contains(t, "#hold") && req.Step == 1}
	if req.Step == 1 {
		scriptBody(t, &r)
	}
	switch {
	case strings.Contains(t, "#fail"):
		r.Err = "the scripted model failed on purpose (#fail)"
	case strings.Contains(t, "#overrun"):
		r.Deltas = Split(fmt.Sprintf("Searching again (round %d).", req.Step), 3)
		r.ToolCalls = []ToolUse{{Name: "search_documents", Args: toolQuery(t, req.Step), Result: "nothing new"}}
	case strings.Contains(t, "#toolerror") && req.Step == 1:
		r.Deltas = Split("Let me read that document.", 3)
		r.ToolCalls = []ToolUse{{Name: "read_document", Args: `{"documentId":"doc-404"}`, IsError: true,
			Result: "document not found"}}
	case strings.Contains(t, "#tool") && req.Step == 1:
		r.Deltas = Split("Let me look that up.", 3)
		r.ToolCalls = []ToolUse{{Name: "search_documents", Args: toolQuery(t, 1), Result: "3 documents match"}}
	case strings.Contains(t, "#toolerror"):
		r.Deltas = Split("The tool failed: **document not found**. Try another name.", 6)
	case strings.Contains(t, "#long"):
		r.Deltas = longReply(t)
	case strings.Contains(t, "#kib"):
		r.Deltas = kibReply(t)
	case strings.Contains(t, "#words"):
		r.Deltas = wordsReply(t)
	case strings.Contains(t, "#code"):
		r.Deltas = Split(codeReply, 0)
	default:
		r.Deltas = Split(echo(t, req.Step > 1), 0)
	}
	return r
}

// scriptBody sets what the body does around the first turn, by marker.
func scriptBody(t string, r *Reply) {
	has := func(m string) bool { return strings.Contains(t, m) }
	switch {
	case has("#crash"):
		code := 1
		r.Exit = &BodyExit{Code: &code, Stderr: "pi: loading extensions\npi-sophia: 5 graph tools\n" +
			"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n"}
	case has("#kill"):
		r.Exit = &BodyExit{Signal: "SIGKILL", Stderr: "pi: loading extensions\npi-sophia: 5 graph tools\n"}
	}
	r.Stubborn = has("#stubborn")
	if has("#retry") {
		r.Retries = 2
	}
	r.Compact = has("#compact")
	if has("#notice") {
		r.Notices = []string{"pi-sophia loaded 5 graph tools"}
	}
	if has("#exterror") {
		r.ExtensionError = "the graph tools did not load: gardend answered 503"
	}
	if has("#mirrorfail") {
		r.MirrorFail = "write_document failed: gardend answered 502"
	}
}

// echo is a short markdown reply quoting the text's first line; a
// collaborator's accepted chime is quoted as theirs.
func echo(text string, afterTool bool) string {
	lead := "You said"
	text = strings.TrimSpace(text)
	if head, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(head, "[") && strings.HasSuffix(head, " collaborator]") {
		lead, text = strings.TrimSuffix(strings.TrimPrefix(head, "["), " collaborator]")+" suggests", strings.TrimSpace(rest)
	}
	line, _, _ := strings.Cut(text, "\n")
	line = clip(line, 120, "…")
	if afterTool {
		lead = "I found 3 documents about"
	}
	return fmt.Sprintf("## Echo\n\n%s: *%s*\n\n- it has %d characters\n- it has %d words\n\n```go\nfmt.Println(%q)\n```\n",
		lead, line, len([]rune(text)), len(strings.Fields(text)), clip(line, 40, "..."))
}

// markerCount is the number after marker in text: def when none, at most
// limit.
func markerCount(text, marker string, def, limit int) int {
	_, after, _ := strings.Cut(text, marker)
	if f := strings.Fields(after); len(f) > 0 {
		if v, err := strconv.Atoi(f[0]); err == nil && v > 0 {
			return min(v, limit)
		}
	}
	return def
}

// longReply is N paragraphs (the number after #long, default 5, at most 2000).
func longReply(text string) []string {
	n := markerCount(text, "#long", 5, 2000)
	out := make([]string, 0, 2*n)
	for i := 1; i <= n; i++ {
		out = append(out,
			fmt.Sprintf("Paragraph %d. The vehicle keeps one driver at a time, and every event has a seq. ", i),
			"A client that reconnects resumes from its last seq, with no gap and no duplicate.\n\n")
	}
	return out
}

// proseSentences are what wordsReply makes its paragraphs of.
var proseSentences = [...]string{
	"The lease says who drives: one client at a time, renewed before it runs out.",
	"A prompt is a command, accepted, then delivered, then completed or failed.",
	"Every change to a session is an event with a seq, kept by the host in order.",
	"A client that reconnects asks for the events after the last seq it saw.",
	"Collaborators chime in; the driver accepts a chime or rejects it.",
	"The room's policy says what a chime does: suggest, co-drive, observe or mute.",
	"A run ends settled, aborted or failed, and its cost is counted against the budget.",
	"Tools read the graph: search_documents finds notes, read_document opens one.",
	"When the credit is spent, the person's own model key keeps the session going.",
	"A session deleted goes to the host's trash, with its mirror, and can come back.",
	"The queue holds follow-ups while a run is under way; a steer changes its course.",
	"Watching never claims: a watcher reads the stream and sends nothing.",
}

// wordsReply is N words (the number after #words, default 200, at most
// 20,000) of varied prose in paragraphs, a word to a delta.
func wordsReply(text string) []string {
	n := markerCount(text, "#words", 200, 20000)
	out := make([]string, 0, n)
	x, i := uint32(1), -1
	for p := 0; len(out) < n; p++ {
		for s := 0; s < 3+p%3 && len(out) < n; s++ {
			x = x*1103515245 + 12345 // a fixed walk: paragraphs differ, the same every time
			next := int(x>>16) % len(proseSentences)
			if next == i {
				next = (next + 1) % len(proseSentences)
			}
			i = next
			for _, w := range strings.Fields(proseSentences[i]) {
				if len(out) == n {
					break
				}
				out = append(out, w+" ")
			}
		}
		if len(out) > 0 {
			out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], " ") + fmt.Sprintf(" (%d)\n\n", p+1)
		}
	}
	return out
}

// kibReply is about N KiB (the number after #kib, default 1024, at most
// 65536) of numbered paragraphs of prose, in deltas of 4 KiB.
func kibReply(text string) []string {
	n := markerCount(text, "#kib", 1024, 64<<10) << 10
	var b strings.Builder
	b.Grow(n + 1024)
	for p, x := 1, uint32(7); b.Len() < n; p++ {
		fmt.Fprintf(&b, "Paragraph %d.", p)
		for range 4 {
			x = x*1103515245 + 12345
			b.WriteString(" " + proseSentences[int(x>>16)%len(proseSentences)])
		}
		b.WriteString("\n\n")
	}
	all := b.String()
	out := make([]string, 0, len(all)/(4<<10)+1)
	for len(all) > 0 {
		k := min(len(all), 4<<10)
		out, all = append(out, all[:k]), all[k:]
	}
	return out
}

// Split cuts text into pieces for streaming: n pieces, or with n 0 between
// 10 and 40 pieces by length. Pieces end on rune boundaries; joined they are
// the text.
func Split(text string, n int) []string {
	r := []rune(text)
	if n <= 0 {
		n = min(max(len(r)/12, 10), 40)
	}
	n = max(min(n, len(r)), 1)
	size := (len(r) + n - 1) / n
	out := make([]string, 0, n)
	for i := 0; i < len(r); i += size {
		out = append(out, string(r[i:min(i+size, len(r))]))
	}
	return out
}
