package acp

import (
	"errors"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// codeRefused is the JSON-RPC code of a host's refusal (the server-error
// range): data.code is the host's code.
const codeRefused = -32010

// refusal turns a failed request into the JSON-RPC error the editor shows:
// the host's words and what to do about them (the doors a model key or an
// account open, the limit, the lease). funding is the session's ("" at
// create).
func (a *agent) refusal(err error, funding string) error {
	var re *sdk.RequestError
	if errors.As(err, &re) {
		return re
	}
	var e *client.Error
	if !errors.As(err, &e) {
		msg := err.Error()
		if client.IsTransport(err) {
			msg = "the host did not answer (" + msg + "): it may have run the request; send the same prompt again and the host answers it without running it twice"
		}
		return &sdk.RequestError{Code: -32603, Message: a.scrub(msg)}
	}
	msg := strings.TrimRight(orText(e.Message, e.Code), ". ")
	if hint := a.hint(e, funding); hint != "" {
		msg += ". " + hint
	}
	data := map[string]any{"code": e.Code}
	if d := e.Doors(); d != nil {
		data["doors"] = d
	}
	code := codeRefused
	if e.Code == client.CodeUnauthenticated {
		code = -32000
	}
	return &sdk.RequestError{Code: code, Message: a.scrub(msg), Data: data}
}

// createRefusal is refusal for a session the agent asked to create: there
// not_found names no session, but an address where nothing answers for
// sessions (a wrong gardend, mount or graph).
func (a *agent) createRefusal(err error) error {
	var e *client.Error
	if !errors.As(err, &e) || e.Code != client.CodeNotFound {
		return a.refusal(err, "")
	}
	msg := strings.TrimRight(orText(e.Message, e.Code), ". ") +
		". Nothing answers for sessions there: check --gardend, --mount and --graph (or VEHICLE_GARDEND, VEHICLE_MOUNT, VEHICLE_GRAPH)"
	return &sdk.RequestError{Code: codeRefused, Message: a.scrub(msg), Data: map[string]any{"code": e.Code}}
}

// hint is what to do about a refusal, by its code.
func (a *agent) hint(e *client.Error, funding string) string {
	switch e.Code {
	case client.CodeModelKeyRequired, client.CodeOutOfCredit, client.CodeCreditPoolExhausted:
		return doorWords(e, a.cfg.KeyVariable, funding)
	case client.CodeDailyTurnLimit:
		return "That is the limit of turns a day: come back tomorrow (UTC), or give your own model key in $" + a.cfg.KeyVariable + " and start the agent again"
	case client.CodeSessionTurnLimit:
		return "That is the limit of turns of one conversation: start a new session"
	case client.CodeLeaseHeld:
		return leaseHeldHint(e)
	case client.CodeLeaseRequired:
		return "This agent no longer drives the session: /takeover takes it back"
	case client.CodeNotFound:
		return "The session is gone (deleted) or was never yours: start a new session"
	case client.CodeUnauthenticated:
		return "Log in again with `vehicle login`, or set VEHICLE_TOKEN, then start the agent again"
	case client.CodeSessionRunning:
		return "A run is under way: /steer steers it, /followup queues after it"
	}
	return ""
}

// doorWords says the ways a refusal a model key cures names, from the
// refusal's doors: the person's own key and, where credit can help, an
// account.
func doorWords(e *client.Error, keyVar, funding string) string {
	d := e.Doors()
	keyHeader, accountHeader := "X-Model-Key", ""
	if d != nil {
		keyHeader = orText(d.BYOK.Header, keyHeader)
		accountHeader = d.Account.Header
	}
	doors := []string{"set your own model key in $" + keyVar + " and start the agent again (it goes as the " + keyHeader + " header)"}
	if accountHeader != "" && e.Code == client.CodeModelKeyRequired && funding != "byok" {
		doors = append(doors, "or sign in to a Sophia account with credit (`vehicle login`, then start the agent again; it goes as the "+accountHeader+" header)")
	}
	head := "To keep talking: "
	if e.Code == client.CodeCreditPoolExhausted {
		head = "Today's credit for everyone is spent (until tomorrow, UTC). To keep talking now: "
	}
	return head + strings.Join(doors, ", ")
}

// leaseHeldHint says who drives and what this agent can do about it.
func leaseHeldHint(e *client.Error) string {
	if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
		return "Your other terminal drives this session: /takeover takes it over (or start the agent with --takeover)"
	}
	return "Another person drives this session: you can read along, not prompt"
}

// leaseHeldWords is a lease_held refusal in words, for the log.
func leaseHeldWords(err error) string {
	var e *client.Error
	if errors.As(err, &e) {
		return strings.TrimRight(orText(e.Message, e.Code), ". ") + ". " + leaseHeldHint(e)
	}
	return err.Error()
}

// scrub keeps the client's secrets out of text for the editor.
func (a *agent) scrub(s string) string {
	if a.c == nil {
		return s
	}
	return a.c.Scrub(s)
}

// orText is s, or alt when s is empty.
func orText(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
