package vehicletest

import (
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
func (h *Host) writeMirror(s *session) {
	if state, _ := h.mirrorSkip(s); state != "" {
		return
	}
	created := !s.mirrored
	s.mirrored, s.mirrorAt = true, h.now()
	h.docs[s.graph+"/"+mirrorDocument(s)] = true
	h.emit(s, client.EvMirrorWritten, wireMirrorWritten{DocumentID: mirrorDocument(s), Created: created})
}

// mirrorState is what inspect says of the mirror.
func (h *Host) mirrorState(s *session) wireMirror {
	if state, reason := h.mirrorSkip(s); state != "" {
		return wireMirror{State: state, Reason: reason}
	}
	m := wireMirror{State: "pending", DocumentID: mirrorDocument(s), Folder: mirrorFolder}
	if s.mirrored {
		at := s.mirrorAt
		m.State, m.WrittenAt = "written", &at
	}
	return m
}
