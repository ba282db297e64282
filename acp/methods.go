package acp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

var (
	_ sdk.Agent       = (*agent)(nil)
	_ sdk.AgentLoader = (*agent)(nil)
)

// Initialize answers protocol version 1: sessions can be loaded, prompts
// are text, and authMethods say how to give a token when none was found.
func (a *agent) Initialize(_ context.Context, _ sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	title := "Vehicle"
	return sdk.InitializeResponse{
		ProtocolVersion: sdk.ProtocolVersionNumber,
		AgentCapabilities: sdk.AgentCapabilities{
			LoadSession:        true,
			PromptCapabilities: sdk.PromptCapabilities{},
		},
		AgentInfo:   &sdk.Implementation{Name: "vehicle", Title: &title, Version: a.cfg.Version},
		AuthMethods: a.authMethods(),
	}, nil
}

// authMethods are the ways to give credentials: none when the agent has a
// client (a token, or a visitor id).
func (a *agent) authMethods() []sdk.AuthMethod {
	if a.c != nil {
		return []sdk.AuthMethod{}
	}
	desc := "Run `vehicle login --gardend URL` in a terminal, then start the agent again."
	label := "A gardend token"
	return []sdk.AuthMethod{
		{EnvVar: &sdk.AuthMethodEnvVarInline{Id: "vehicle-token", Name: "VEHICLE_TOKEN", Type: "env_var",
			Vars: []sdk.AuthEnvVar{{Name: "VEHICLE_TOKEN", Label: &label, Secret: true}}}},
		{Agent: &sdk.AuthMethodAgent{Id: "vehicle-login", Name: "vehicle login", Description: &desc}},
	}
}

// Authenticate cannot log in from here: it says how.
func (a *agent) Authenticate(_ context.Context, _ sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	if a.c != nil {
		return sdk.AuthenticateResponse{}, nil
	}
	return sdk.AuthenticateResponse{}, a.authError()
}

// authError is the refusal of a session method without credentials.
func (a *agent) authError() error {
	msg := "no credentials: set VEHICLE_TOKEN or run `vehicle login --gardend URL`, then start the agent again"
	if a.cfg.AuthErr != nil {
		msg = a.cfg.AuthErr.Error()
	}
	return &sdk.RequestError{Code: -32000, Message: msg}
}

// sayIgnored tells the log, once, that the editor's folder and MCP servers
// are not used: the agent runs on the host.
func (a *agent) sayIgnored(cwd string, mcp int) {
	a.mu.Lock()
	said := a.said
	a.said = true
	a.mu.Unlock()
	if said {
		return
	}
	a.log.logf("the session runs on the host: the editor's folder (%s) is recorded nowhere and its %d MCP server(s) are not used", cwd, mcp)
}

// NewSession creates a vehicle session with the agent's profile, model,
// title and budget, the lease this agent's.
func (a *agent) NewSession(ctx context.Context, p sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	if a.c == nil {
		return sdk.NewSessionResponse{}, a.authError()
	}
	a.sayIgnored(p.Cwd, len(p.McpServers))
	cctx, cancel := context.WithTimeout(ctx, a.cfg.RequestTimeout)
	defer cancel()
	cr, err := a.c.Create(cctx, client.CreateRequest{Profile: a.cfg.Profile, Model: a.cfg.Model, Title: a.cfg.Title,
		MaxTurns: a.cfg.MaxTurns, MaxCostUSD: a.cfg.MaxCostUSD, TTLMs: a.cfg.TTL.Milliseconds()})
	if err != nil {
		return sdk.NewSessionResponse{}, a.createRefusal(err)
	}
	s := newSession(a, cr.Session)
	s.setLease(cr.Lease)
	if err := s.follow(cr.Cursor); err != nil {
		s.close(ctx, true)
		return sdk.NewSessionResponse{}, a.refusal(err, cr.Session.Funding)
	}
	if err := a.add(ctx, s); err != nil {
		s.close(ctx, true)
		return sdk.NewSessionResponse{}, err
	}
	return sdk.NewSessionResponse{SessionId: sdk.SessionId(s.id)}, nil
}

// LoadSession opens a session by its id, takes its lease when it can, and
// replays its transcript before it answers; what comes next streams.
func (a *agent) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	if a.c == nil {
		return sdk.LoadSessionResponse{}, a.authError()
	}
	a.sayIgnored(p.Cwd, len(p.McpServers))
	id := strings.TrimSpace(string(p.SessionId))
	if id == "" {
		return sdk.LoadSessionResponse{}, sdk.NewInvalidParams(map[string]any{"error": "no sessionId: give the id of a vehicle session"})
	}
	snap, err := a.inspect(ctx, id)
	if err != nil {
		return sdk.LoadSessionResponse{}, a.refusal(err, "")
	}
	s := newSession(a, snap.Session)
	if err := s.claim(ctx, a.cfg.Takeover); err != nil {
		if client.ErrorCode(err) != client.CodeLeaseHeld {
			s.close(ctx, false)
			return sdk.LoadSessionResponse{}, a.refusal(err, snap.Session.Funding)
		}
		a.log.logf("session %s: %s", id, leaseHeldWords(err))
	}
	if err := s.replay(ctx, snap); err != nil {
		s.close(ctx, true)
		return sdk.LoadSessionResponse{}, err
	}
	s.noteChimes(snap.Chimes)
	if err := s.follow(snap.Cursor); err != nil {
		s.close(ctx, true)
		return sdk.LoadSessionResponse{}, a.refusal(err, snap.Session.Funding)
	}
	if err := a.add(ctx, s); err != nil {
		s.close(ctx, true)
		return sdk.LoadSessionResponse{}, err
	}
	return sdk.LoadSessionResponse{}, nil
}

// inspect reads a session's snapshot, its transcript kept compressed.
func (a *agent) inspect(ctx context.Context, id string) (*client.LazySnapshot, error) {
	cctx, cancel := context.WithTimeout(ctx, a.cfg.RequestTimeout)
	defer cancel()
	return a.c.InspectLazy(cctx, id)
}

// Prompt sends the editor's text as a prompt (or runs a slash command) and
// answers when the turn has ended, with its stop reason.
func (a *agent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	if a.c == nil {
		return sdk.PromptResponse{}, a.authError()
	}
	s := a.session(string(p.SessionId))
	if s == nil {
		return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{
			"error": fmt.Sprintf("no open session %q: open it with session/new or session/load first", p.SessionId)})
	}
	text, err := promptText(p.Prompt)
	if err != nil {
		return sdk.PromptResponse{}, err
	}
	if name, arg, ok := slashCommand(text); ok {
		return s.command(ctx, name, arg)
	}
	return s.prompt(ctx, client.OpPrompt, text)
}

// promptText is a prompt's text: text blocks as they are, a resource link
// as its address; an image, audio or embedded resource is refused (the
// agent declared text only), never dropped.
func promptText(blocks []sdk.ContentBlock) (string, error) {
	var b strings.Builder
	for i, c := range blocks {
		switch {
		case c.Text != nil:
			b.WriteString(c.Text.Text)
		case c.ResourceLink != nil:
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString(c.ResourceLink.Uri)
		default:
			kind := "image"
			switch {
			case c.Audio != nil:
				kind = "audio"
			case c.Resource != nil:
				kind = "embedded resource"
			}
			return "", sdk.NewInvalidParams(map[string]any{"error": fmt.Sprintf(
				"prompt block %d is an %s: vehicle sessions take text only (promptCapabilities are all false); paste the text instead", i+1, kind)})
		}
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", sdk.NewInvalidParams(map[string]any{"error": "the prompt has no text: type something to send"})
	}
	return b.String(), nil
}

// Cancel aborts the session's run and cancels the commands this agent has
// waiting; the prompt under way answers cancelled.
func (a *agent) Cancel(ctx context.Context, p sdk.CancelNotification) error {
	if s := a.session(string(p.SessionId)); s != nil {
		s.cancel(ctx)
	}
	return nil
}

// The methods the agent does not offer: the SDK answers them -32601.

// CloseSession is not offered (sessionCapabilities.close is not declared).
func (a *agent) CloseSession(context.Context, sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	return sdk.CloseSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionClose)
}

// ListSessions is not offered.
func (a *agent) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

// ResumeSession is not offered: session/load opens a session.
func (a *agent) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

// SetSessionConfigOption is not offered: no config options are declared.
func (a *agent) SetSessionConfigOption(context.Context, sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	return sdk.SetSessionConfigOptionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionSetConfigOption)
}

// SetSessionMode is not offered: no modes are declared (the room policy is
// the /policy command).
func (a *agent) SetSessionMode(context.Context, sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	return sdk.SetSessionModeResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionSetMode)
}
