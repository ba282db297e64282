package vehicletest

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Models the host names.
const (
	MemberModel        = "scripted/echo"
	BYOKDefaultModel   = "openrouter/openai/gpt-6-luna"
	CreditDefaultModel = "openrouter/deepseek/deepseek-v4.1-flash"
)

// creditModels are the models a credit session may ask for.
func creditModels() []string {
	return []string{CreditDefaultModel, "openrouter/qwen/qwen3.5-flash"}
}

type createOpts struct {
	profile, access, funding, model string
	title                           *string
	budget                          wireBudget
	ttl                             time.Duration
	claim                           bool
}

// create makes a session on the path's graph. Idempotent per principal.
func (h *Host) create(rq *request) (*reply, *refusal) {
	if err := rq.needBody(); err != nil {
		return nil, err
	}
	p := rq.caller.principal
	if h.creates[p] == nil {
		h.creates[p] = map[string]stored{}
	}
	if rep, err := recall(h.creates[p], rq.requestID, rq); rep != nil || err != nil {
		return rep, err
	}
	o, err := h.createOptions(rq)
	if err != nil {
		return nil, err
	}
	s := h.newSession(rq, o.profile, o.access, o.funding)
	s.model, s.budget, s.title, s.leaseTTL = o.model, o.budget, o.title, o.ttl
	if o.funding == fundingBYOK {
		s.modelKey = rq.caller.modelKey
	}
	lease := h.announceNew(s, p, rq.body.ClientID, o.claim)
	rep := rq.answer(http.StatusCreated, client.TypeSessionCreated,
		wireCreated{Session: h.summary(s), Lease: lease, Cursor: s.cursor()})
	remember(h.creates[p], rq.requestID, rq, rep)
	return rep, nil
}

// createOptions validates a create body against the caller's role and doors.
func (h *Host) createOptions(rq *request) (createOpts, *refusal) {
	b := rq.body
	o := createOpts{profile: b.Profile, claim: b.Claim == nil || *b.Claim}
	if o.profile == "" {
		o.profile = client.DefaultProfile
	}
	if o.profile != client.ProfileChat && o.profile != client.ProfileAgent {
		return o, errf(client.CodeInvalidRequest, "profile %q is not chat or agent", o.profile)
	}
	if o.profile == client.ProfileAgent && rq.role != RoleOwner {
		return o, errf(client.CodeForbiddenProfile, "an agent session is for an owner of graph %q: ask for chat instead", rq.graph)
	}
	if o.claim && b.ClientID == "" {
		return o, errf(client.CodeInvalidRequest, "clientId is missing: the new session's lease goes to it (or send claim: false)")
	}
	var err *refusal
	if o.ttl, err = h.ttlOf(b.TTLMs); err != nil {
		return o, err
	}
	if o.title, err = titleOf(b.Title); err != nil {
		return o, err
	}
	o.access = accessOf(rq.role)
	if o.budget, err = h.budgetOf(b); err != nil {
		return o, err
	}
	if o.funding, o.model, err = h.fundingOf(rq); err != nil {
		return o, err
	}
	if o.funding != fundingMember {
		o.budget = wireBudget{MaxTurns: h.cfg.limits.PublicRunMaxTurns, MaxCostUSD: h.cfg.limits.PublicRunMaxCostUSD}
	}
	if o.profile == client.ProfileAgent {
		return o, h.agentBox()
	}
	return o, nil
}

// accessOf is the access a role gives a session created now: owner and
// editor the writer tools, viewer the reader tools.
func accessOf(role string) string {
	if role == RoleOwner || role == RoleEditor {
		return accessWriter
	}
	return accessReader
}

func (h *Host) budgetOf(b body) (wireBudget, *refusal) {
	bud := wireBudget{MaxTurns: h.cfg.limits.MaxTurns, MaxCostUSD: h.cfg.limits.MaxCostUSD}
	if b.MaxTurns != nil {
		if *b.MaxTurns < 1 {
			return bud, errf(client.CodeInvalidRequest, "maxTurns must be 1 or more, not %d", *b.MaxTurns)
		}
		bud.MaxTurns = *b.MaxTurns
	}
	if b.MaxCostUSD != nil {
		if *b.MaxCostUSD <= 0 {
			return bud, errf(client.CodeInvalidRequest, "maxCostUsd must be more than 0, not %g", *b.MaxCostUSD)
		}
		bud.MaxCostUSD = *b.MaxCostUSD
	}
	return bud, nil
}

// fundingOf picks who pays: the house for members, the caller's own key
// (X-Model-Key), or an account's credit; a visitor with no key is refused.
func (h *Host) fundingOf(rq *request) (funding, model string, err *refusal) {
	c, asked := rq.caller, strings.TrimSpace(rq.body.Model)
	switch {
	case c.kind == kindMember:
		return fundingMember, cmpOr(asked, MemberModel), nil
	case c.modelKey != "":
		return fundingBYOK, cmpOr(asked, BYOKDefaultModel), nil
	case c.kind == kindAccount:
		if asked != "" && !slices.Contains(creditModels(), asked) {
			return "", "", errf(client.CodeInvalidRequest, "model %q is not a credit model: use one of %s, or send your own key as X-Model-Key",
				asked, strings.Join(creditModels(), ", "))
		}
		return fundingCredit, cmpOr(asked, CreditDefaultModel), nil
	}
	return "", "", withDetails(errf(client.CodeModelKeyRequired,
		"a conversation here needs a model key: send your OpenRouter key as X-Model-Key, or sign in with a Sophia account (Authorization: Bearer) to use its credit"),
		doorDetails())
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// list answers the caller's sessions on the graph, the newest first.
func (h *Host) list(rq *request) (*reply, *refusal) {
	var mine []*session
	for _, s := range h.sessions {
		if !s.deleted && s.graph == rq.graph && s.owner == rq.caller.principal {
			h.expireLease(s)
			mine = append(mine, s)
		}
	}
	slices.SortFunc(mine, func(a, b *session) int {
		if c := b.updatedAt.Compare(a.updatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	out := make([]wireSummary, 0, len(mine))
	for _, s := range mine {
		out = append(out, h.summary(s))
	}
	return rq.answer(http.StatusOK, client.TypeSessionList, wireSessions{Sessions: out}), nil
}

// inspect answers the session's snapshot.
func (h *Host) inspect(rq *request, id string) (*reply, *refusal) {
	s, err := h.ownSession(rq, id)
	if err != nil {
		return nil, err
	}
	return rq.answer(http.StatusOK, client.TypeSessionSnapshot, h.snapshot(s)), nil
}

func (h *Host) snapshot(s *session) wireSnapshot {
	snap := wireSnapshot{
		Session: h.summary(s), Cursor: s.cursor(), Commands: []wireCommand{}, Queue: s.queueItems(),
		Chimes: []wireChime{}, Transcript: []wireTranscript{}, Mirror: h.mirrorState(s),
	}
	for _, c := range s.commands {
		snap.Commands = append(snap.Commands, wireCommand{CommandID: c.id, RequestID: c.requestID, Op: c.op,
			Status: c.status, Disposition: c.disposition, Error: c.err})
	}
	for _, c := range s.chimes {
		snap.Chimes = append(snap.Chimes, wireChime{ChimeID: c.id, Author: c.author, Text: c.text, ReceivedAt: c.at})
	}
	for _, it := range s.transcript {
		it.Text = clipBytes(it.Text, client.DefaultTranscriptText)
		if it.ToolCalls == nil {
			it.ToolCalls = []wireToolCall{}
		}
		snap.Transcript = append(snap.Transcript, it)
	}
	if s.live {
		snap.Stats = &wireStats{Turns: s.modelTurns, CostUSD: s.costUSD}
		snap.Tools = s.tools()
	}
	return snap
}
