package ride

import (
	"encoding/json"

	"github.com/sophia-labs/vehicle/client"
)

// createBody is the body of the create of a new session: its title,
// profile, model and budget, and the lease to this ride's client (unless
// NoClaim) with the ride's ttl.
func (r *rider) createBody() json.RawMessage {
	claim := !r.cfg.NoClaim
	body, _ := json.Marshal(client.CreateRequest{RequestID: r.c.NewRequestID(), ClientID: r.c.ClientID(), Claim: &claim,
		Profile: r.cfg.Profile, Model: r.cfg.Model, Title: r.cfg.Title,
		MaxTurns: r.cfg.MaxTurns, MaxCostUSD: r.cfg.MaxCostUSD, TTLMs: r.cfg.TTL.Milliseconds()})
	return body
}

// claimBody is the body of the claim a ride of an existing session makes at
// the start, with the ride's ttl when it has one.
func (r *rider) claimBody() json.RawMessage {
	body, _ := json.Marshal(client.ClaimRequest{RequestID: r.c.NewRequestID(), ClientID: r.c.ClientID(), TTLMs: r.cfg.TTL.Milliseconds()})
	return body
}
