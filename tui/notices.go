package tui

import (
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// noticeWords words a notice entry: the reducer reports what happened (the
// event's type, what it names, its detail), and the UI says it. Notices the
// reducer worded itself keep their text.
func noticeWords(e *client.Entry) string {
	detail := strings.TrimSpace(e.Text)
	switch e.Event {
	case "":
		return strings.TrimSuffix(e.Notice, ": aborted")
	case client.EvSessionDeleted:
		return "session deleted"
	case client.EvSessionForked:
		return "forked as " + e.Subject
	case client.EvSessionCloned:
		return "cloned as " + e.Subject
	case client.EvSessionShutdown:
		return "session shut down"
	case client.EvQueueStranded:
		return "queued commands were stranded"
	case client.EvBodyNotice:
		return orWords(detail, "the body sent a notice")
	case client.EvExtensionError:
		return "extension error: " + orWords(detail, "an extension failed without a message")
	case client.EvAbortSlow:
		return "the run is slow to abort"
	case client.EvCompactionStarted:
		return "compacting the conversation"
	case client.EvCompactionEnded:
		return "conversation compacted"
	case client.EvRetryStarted:
		return "retrying the model request"
	case client.EvBodyExited:
		if e.Subject != "" {
			return "body exited (" + e.Subject + ")"
		}
		return "body exited"
	}
	return strings.ReplaceAll(e.Event, ".", " ")
}

// noticeDetail is the detail shown after a notice's words: none when the
// words are the detail already.
func noticeDetail(e *client.Entry) string {
	switch e.Event {
	case client.EvBodyNotice, client.EvExtensionError:
		return ""
	}
	return e.Text
}

// orWords is s, or else when s is empty.
func orWords(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}
