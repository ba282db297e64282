package vehicletest

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// Caller kinds.
const (
	kindMember  = client.AccountMember
	kindAccount = client.AccountAccount
	kindVisitor = client.AccountAnonymous
)

// caller is who sent a request.
type caller struct {
	principal string
	name      string
	kind      string // member, account or anonymous
	person    *Person
	modelKey  string // X-Model-Key, when sent
}

// resolveCaller finds the principal of a request: a bearer token of the
// people table, else a visitor by X-Visitor-Id. Called with h.mu held.
func (h *Host) resolveCaller(r *http.Request) (*caller, *refusal) {
	key := strings.TrimSpace(r.Header.Get("X-Model-Key"))
	if auth := r.Header.Get("Authorization"); auth != "" {
		token, ok := strings.CutPrefix(auth, "Bearer ")
		p := h.personByToken(strings.TrimSpace(token))
		if !ok || p == nil {
			return nil, errf(client.CodeUnauthenticated, "the bearer token is not known here: sign in again or check the token")
		}
		c := &caller{principal: p.Principal, name: p.Name, kind: p.Kind, person: p, modelKey: key}
		if c.name == "" {
			c.name = p.Principal
		}
		if c.kind == kindAccount {
			h.signup(p)
		}
		return c, nil
	}
	if id := strings.TrimSpace(r.Header.Get("X-Visitor-Id")); id != "" {
		sum := sha256.Sum256([]byte(id))
		principal := "anon:" + hex.EncodeToString(sum[:6])
		return &caller{principal: principal, name: "visitor", kind: kindVisitor, modelKey: key}, nil
	}
	return nil, errf(client.CodeUnauthenticated,
		"no credential: send Authorization: Bearer <token>, or X-Visitor-Id to visit a public graph")
}

// roleOn is the caller's role on a graph now: a member's own role, else
// viewer on a public graph, else "" (the graph does not exist for them).
func (h *Host) roleOn(c *caller, graph string) string {
	if c.kind == kindMember {
		if r := c.person.Roles[graph]; r != "" {
			return r
		}
	}
	if h.cfg.public[graph] {
		return RoleViewer
	}
	return ""
}

// ownSession finds a session of the caller on the request's graph; to
// anyone else it does not exist. Called with h.mu held.
func (h *Host) ownSession(rq *request, id string) (*session, *refusal) {
	s := h.sessions[id]
	if s == nil || s.deleted || s.graph != rq.graph || s.owner != rq.caller.principal {
		return nil, notFound("session " + id)
	}
	if key := rq.caller.modelKey; key != "" && (s.funding == fundingBYOK || s.funding == fundingCredit) {
		s.funding, s.modelKey = fundingBYOK, key // the newest key its owner sent; a credit session now runs on it
	}
	h.expireLease(s)
	return s, nil
}

// chimeSession finds a session anyone authenticated on its graph may chime:
// its members, and the visitors and accounts of a public graph (serveGraph
// has already refused a caller with no role on the graph).
func (h *Host) chimeSession(rq *request, id string) (*session, *refusal) {
	s := h.sessions[id]
	if s == nil || s.deleted || s.graph != rq.graph || rq.role == "" {
		return nil, notFound("session " + id)
	}
	h.expireLease(s)
	return s, nil
}

// canDrive refuses a caller whose role dropped below what the session
// needs: a writer session needs owner or editor, an agent session owner.
func canDrive(s *session, role string) *refusal {
	if s.access == accessWriter && role == RoleViewer {
		return errf(client.CodeAccessReduced,
			"your role on graph %q is now viewer: you may read, rename or delete this session but not drive it", s.graph)
	}
	if s.profile == client.ProfileAgent && role != RoleOwner {
		return errf(client.CodeAccessReduced,
			"an agent session is driven by an owner of graph %q only: ask an owner to restore your role", s.graph)
	}
	return nil
}
