package vehicletest

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"

	"github.com/sophia-labs/vehicle/client"
)

// mirrorFolder is the folder of the mirrored conversations.
const mirrorFolder = "sophia-conversations"

// mirrorDocument is the id of a session's mirror document.
func mirrorDocument(s *session) string { return "sophia-conversation-" + s.id }

// mirrorSkip says why a session is not mirrored ("" when it is).
func (h *Host) mirrorSkip(s *session) (state, reason string) {
	switch {
	case !h.cfg.mirror:
		return "off", ""
	case s.funding != fundingMember:
		return "skipped", "a public session is never mirrored into the graph"
	case s.access != accessWriter:
		return "skipped", "a viewer's session never writes to the graph"
	}
	return "", ""
}

// writeMirror writes the session's record after a settled run (and after a
// rename of a mirrored session): mirror.written, created the first time.
// A record the document already holds is not written again (no event): the
// seed skips write_document when nothing changed. With fail (or
// FailMirror's message) the write fails: mirror.failed, and the next settle
// tries again. Called with h.mu held.
func (h *Host) writeMirror(s *session, fail string) {
	if state, _ := h.mirrorSkip(s); state != "" {
		return
	}
	sum := mirrorRecord(h.summary(s), s.transcript)
	if s.mirrored && sum == s.mirrorSum {
		s.mirrorErr = "" // the document holds this record already: nothing to write
		return
	}
	if msg := cmpOr(fail, h.mirrorFail); msg != "" {
		s.mirrorErr = msg
		h.emit(s, client.EvMirrorFailed, wireMirrorFailed{DocumentID: mirrorDocument(s), Message: msg})
		return
	}
	s.mirrorErr = ""
	created := !s.mirrored
	s.mirrored, s.mirrorAt, s.mirrorSum = true, h.now(), sum
	h.docs[s.graph+"/"+mirrorDocument(s)] = true
	h.emit(s, client.EvMirrorWritten, wireMirrorWritten{DocumentID: mirrorDocument(s), Created: created})
}

// mirrorState is what inspect says of the mirror.
func (h *Host) mirrorState(s *session) wireMirror {
	if state, reason := h.mirrorSkip(s); state != "" {
		return wireMirror{State: state, Reason: reason}
	}
	m := wireMirror{State: "pending", DocumentID: mirrorDocument(s), Folder: mirrorFolder}
	switch {
	case s.mirrorErr != "":
		m.State, m.Error = "failed", s.mirrorErr
	case s.mirrored:
		at := s.mirrorAt
		m.State, m.WrittenAt = "written", &at
	}
	return m
}

// FailMirror makes every mirror write fail with message (mirror.failed;
// inspect's mirror state failed with the error) until it is called with
// "", after which the next settle writes the document again.
func (h *Host) FailMirror(message string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.mirrorFail = message
}

// mirrorRecord is a fingerprint of what the mirror's document holds: its
// title (the session's, else its first question), the header (model,
// start) and each turn (who, when, the words, the tool calls as chips).
func mirrorRecord(sum wireSummary, items []wireTranscript) string {
	h := sha256.New()
	put := func(s string) { // length first: no two records hash the same text
		var n [binary.MaxVarintLen64]byte
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
		h.Write([]byte(s))
	}
	put(sum.displayTitle())
	put(sum.Model)
	put(sum.CreatedAt.String())
	for _, it := range items { // hashed in place: a long session's record is not built whole after every run
		put(it.Role)
		put(it.Text)
		put(it.ToolName)
		put(strconv.FormatBool(it.IsError != nil && *it.IsError))
		put(it.Timestamp.String())
		put(strconv.Itoa(len(it.ToolCalls)))
		for _, c := range it.ToolCalls {
			put(c.Name)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
