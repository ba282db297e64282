package transcript

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// noticeWords words a notice entry: the reducer reports what happened (the
// event's type, what it names, its detail), and the UI says it. Notices the
// reducer worded itself keep their text.
func noticeWords(e *wire.Entry) string {
	detail := strings.TrimSpace(e.Text)
	switch e.Event {
	case "":
		return strings.TrimSuffix(e.Notice, ": aborted")
	case wire.EvLeaseRevoked:
		return ui.RevokedWords(e.Subject, detail)
	case wire.EvSessionDeleted:
		return "session deleted"
	case wire.EvSessionForked:
		return "forked as " + e.Subject
	case wire.EvSessionCloned:
		return "cloned as " + e.Subject
	case wire.EvSessionShutdown:
		return "session shut down"
	case wire.EvQueueStranded:
		return "queued commands were stranded"
	case wire.EvBodyNotice:
		return ui.Or(detail, "the body sent a notice")
	case wire.EvExtensionError:
		return "extension error: " + ui.Or(detail, "an extension failed without a message")
	case wire.EvAbortSlow:
		return "the run is slow to abort"
	case wire.EvCompactionStarted:
		return "compacting the conversation"
	case wire.EvCompactionEnded:
		return "conversation compacted"
	case wire.EvRetryStarted:
		return "retrying the model request"
	case wire.EvBodyExited:
		if e.Subject != "" {
			return "body exited (" + e.Subject + ")"
		}
		return "body exited"
	case wire.EvBodyMaterialized:
		if e.Subject != "" {
			return "body started (" + e.Subject + ")"
		}
		return "body started"
	case wire.EvBodyDormant:
		return "body went dormant: the next message wakes it"
	case wire.EvMirrorFailed:
		return "the record was not written to the graph: " + ui.Or(detail, "no message") + " · tried again after the next run"
	case wire.EvSessionRevived:
		return "the host restarted: open commands were interrupted"
	case wire.EvCommandFailed:
		return "✗ the turn failed"
	}
	return otherWords(e)
}

// budgetNext is what to do after a run the budget guard stopped.
const budgetNext = "what now: send a message to go on where it stopped (a new run, with the budget again), " +
	"or start a session with a bigger budget per run (/new, or vehicle --new --max-turns N --max-cost-usd D)"

// noticeNext is what to do after the notice, "" when nothing needs saying:
// a run the budget guard aborted stops with no next step of its own.
func noticeNext(e *wire.Entry) string {
	if e.Kind != wire.EntryNotice || e.Event != "" {
		return ""
	}
	reason, ok := strings.CutPrefix(e.Notice, "run aborted: ")
	if !ok {
		return ""
	}
	reason = strings.ToLower(reason)
	if strings.Contains(reason, "budget") || strings.Contains(reason, "max_turns") || strings.Contains(reason, "max_cost") ||
		strings.Contains(reason, "maxturns") || strings.Contains(reason, "maxcost") {
		return budgetNext
	}
	return ""
}

// otherWords is the generic line of an event the UI does not word: its
// type, and its message when it has one.
func otherWords(e *wire.Entry) string {
	return "event " + e.Event
}

// noticeDetail is the detail shown after a notice's words: none when the
// words are the detail already.
func noticeDetail(e *wire.Entry) string {
	switch e.Event {
	case wire.EvBodyNotice, wire.EvExtensionError, wire.EvMirrorFailed, wire.EvCommandFailed, wire.EvBodyExited,
		wire.EvLeaseRevoked: // their words say it already
		return ""
	}
	return e.Text
}

// nextLines is what to do after a notice, wrapped under it.
func (r *renderer) nextLines(next string) []string {
	var out []string
	for k, l := range strings.Split(xansi.Wrap(next, max(r.width-len(BodyIndent)-4, 10), ""), "\n") {
		lead := "  → "
		if k > 0 {
			lead = "    "
		}
		out = append(out, r.fit(BodyIndent+r.st.Notice.Render(lead+l)))
	}
	return out
}

// stderrLines is how many of the last lines of a dead body's stderr the
// transcript shows.
const stderrLines = 4

// lastLines is the last n non-blank lines of s.
func lastLines(s string, n int) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out[max(len(out)-n, 0):]
}

// failureLines is the quiet line under a user turn whose command failed,
// "✗ failed: <error>", wrapped to the width (later lines indented under the
// error); none when it did not fail.
func (r *renderer) failureLines(e *wire.Entry) []string {
	if e.Failure == "" {
		return nil
	}
	const mark = "✗ failed: "
	width := max(r.width-len(BodyIndent)-2, 10)
	wrapped := strings.Split(xansi.Wrap(mark+ui.SanitizeLine(e.Failure), width, ""), "\n")
	out := make([]string, 0, len(wrapped))
	for k, l := range wrapped {
		if k > 0 {
			l = "  " + l
		}
		out = append(out, r.fit(BodyIndent+r.st.StatusError.Render(l)))
	}
	return out
}
