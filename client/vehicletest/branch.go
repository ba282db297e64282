package vehicletest

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// titleOf normalises a title: whitespace runs become one space, trimmed, at
// most 200 characters; null, absent or "" clear it.
func titleOf(raw json.RawMessage) (*string, *refusal) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var t string
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, errf(client.CodeInvalidRequest, "title must be a string or null")
	}
	t = strings.Join(strings.Fields(t), " ")
	if r := []rune(t); len(r) > client.MaxTitleRunes {
		t = strings.TrimSpace(string(r[:client.MaxTitleRunes]))
	}
	if t == "" {
		return nil, nil
	}
	return &t, nil
}

// rename sets or clears the title; no lease needed.
func (h *Host) rename(rq *request, s *session) (*reply, *refusal) {
	var probe map[string]json.RawMessage
	_ = json.Unmarshal([]byte(rq.canonical), &probe)
	if _, ok := probe["title"]; !ok {
		return nil, errf(client.CodeInvalidRequest, "title is missing: send a string, or null to clear it")
	}
	t, err := titleOf(rq.body.Title)
	if err != nil {
		return nil, err
	}
	s.title = t
	h.emit(s, client.EvSessionRenamed, wireTitle{Title: t})
	if s.mirrored { // written only when the document's record changed (a title like the last written one does not)
		h.writeMirror(s, "")
	}
	return rq.answer(http.StatusOK, client.TypeSessionRenamed, wireSessionValue{Session: h.summary(s)}), nil
}

// delete trashes an idle session: session.deleted is its last event, and
// every route for it is not_found afterwards.
func (h *Host) delete(rq *request, s *session) (*reply, *refusal) {
	if s.run != nil || s.openCommands() {
		return nil, errf(client.CodeSessionRunning, "session %s is running or has an open command: abort it first, then delete", s.id)
	}
	trashed := "trash/" + s.id
	s.live = false
	h.emit(s, client.EvSessionDeleted, wireTrash{TrashedAs: trashed})
	s.deleted = true
	for sub := range s.subs {
		delete(s.subs, sub) // each stream ends after the session.deleted it was handed
	}
	d := wireDeleted{SessionID: s.id, TrashedAs: trashed}
	if s.mirrored {
		d.Mirror = &wireMirrorRef{DocumentID: mirrorDocument(s), GraphID: s.graph}
	}
	return rq.answer(http.StatusOK, client.TypeSessionDeleted, d), nil
}

// branchable checks that the caller may create the branch of src now: a
// branch is created like any session, so an agent source needs an owner
// (forbidden_profile) and a box (isolation). It returns the branch's
// access, fixed by the caller's role at its creation as for any new
// session: a caller whose role dropped to viewer gets a reader's branch of
// a writer's session.
func (h *Host) branchable(rq *request, src *session) (string, *refusal) {
	if err := needClientID(rq); err != nil {
		return "", err
	}
	if src.profile == client.ProfileAgent {
		if rq.role != RoleOwner {
			return "", errf(client.CodeForbiddenProfile,
				"session %s is an agent session, and only an owner of graph %q creates one: your role there is %s; a branch of it cannot be made", src.id, rq.graph, cmpOr(rq.role, "none"))
		}
		if err := h.agentBox(); err != nil {
			return "", err
		}
	}
	return accessOf(rq.role), nil
}

// branch makes a new session of the caller's from a source: same graph,
// owner, profile, funding, model and budget, the access the caller's role
// gives now (branchable); its lease to the caller. The source is not
// touched: session.forked or session.cloned is written into the new
// session's log, after session.created.
func (h *Host) branch(rq *request, src *session, access string, parent wireParent, items []wireTranscript) *session {
	s := h.newSession(rq, src.profile, access, src.funding)
	s.ownerKind, s.model, s.budget, s.modelKey = src.ownerKind, src.model, src.budget, src.modelKey
	s.parent = &parent
	s.transcript = slices.Clone(items)
	if parent.Kind == "fork" {
		s.ownFrom = len(items) // listed by its own first message once there is one
	}
	h.announceNew(s, rq.caller.principal, rq.body.ClientID, true)
	kind := client.EvSessionForked
	if parent.Kind == "clone" {
		kind = client.EvSessionCloned
	}
	h.emit(s, kind, wireBranch{SessionID: s.id, Parent: parent})
	return s
}

// fork branches before a transcript entry; before the first message it is
// empty. selectedText hands back the text of the user message forked at.
func (h *Host) fork(rq *request, src *session) (*reply, *refusal) {
	access, err := h.branchable(rq, src)
	if err != nil {
		return nil, err
	}
	id := rq.body.EntryID
	i := slices.IndexFunc(src.transcript, func(it wireTranscript) bool { return it.EntryID == id })
	if id == "" || i < 0 {
		return nil, errf(client.CodeInvalidRequest, "there is no entry %q in session %s: fork takes an entryId of its transcript", id, src.id)
	}
	s := h.branch(rq, src, access, wireParent{SessionID: src.id, Kind: "fork", EntryID: id}, src.transcript[:i])
	b := wireBranched{Session: h.summary(s), Lease: s.lease}
	if it := src.transcript[i]; it.Role == "user" {
		b.SelectedText = it.Text
	}
	return rq.answer(http.StatusOK, client.TypeSessionForked, b), nil
}

// clone copies the whole session, titled "Copy of" its source.
func (h *Host) clone(rq *request, src *session) (*reply, *refusal) {
	access, err := h.branchable(rq, src)
	if err != nil {
		return nil, err
	}
	s := h.branch(rq, src, access, wireParent{SessionID: src.id, Kind: "clone"}, src.transcript)
	t := clip("Copy of "+h.summary(src).displayTitle(), client.MaxTitleRunes, "")
	s.title = &t
	return rq.answer(http.StatusOK, client.TypeSessionCloned, wireBranched{Session: h.summary(s), Lease: s.lease}), nil
}

// TrashedDoc is a mirror document put in the Trash through gardend's route.
type TrashedDoc struct {
	Graph      string
	DocumentID string
	Principal  string
}

// serveTrash is gardend's DELETE /navigation/<graph>/documents/<id>: it
// records the trash and answers 204.
func (h *Host) serveTrash(rq *request, rest string) {
	if err := h.trash(rq, rest); err != nil {
		writeError(rq.w, rq, err)
		return
	}
	rq.w.WriteHeader(http.StatusNoContent)
}

func (h *Host) trash(rq *request, rest string) *refusal {
	h.mu.Lock()
	defer h.mu.Unlock()
	c, err := h.resolveCaller(rq.r)
	if err == nil && c.kind == kindVisitor {
		err = errf(client.CodeUnauthenticated, "trashing a document needs your own credential (Authorization: Bearer)")
	}
	if err != nil {
		return err
	}
	parts := strings.Split(rest, "/")
	if len(parts) != 3 || parts[1] != "documents" || !h.docs[parts[0]+"/"+parts[2]] {
		return notFound("document " + rest)
	}
	h.trashed = append(h.trashed, TrashedDoc{Graph: parts[0], DocumentID: parts[2], Principal: c.principal})
	return nil
}
