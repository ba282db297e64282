package acp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// slashCommands are the commands offered to the editor, in order.
var slashCommands = []struct{ name, desc, hint string }{
	{"steer", "Steer the run under way: the agent reads it after the turn it is in", "what to steer with"},
	{"followup", "Queue a message to run after the run under way", "the message"},
	{"policy", "Show or set the room policy: observe, mute, suggest or co-drive", "observe | mute | suggest | co-drive"},
	{"takeover", "Take the lease over from your other terminal: this editor drives", ""},
	{"release", "Give the lease up: another terminal may drive", ""},
	{"rename", "Rename the session (no title clears it)", "the new title"},
	{"budget", "Show the run budget and what the last run used", ""},
}

// availableCommands is the commands as available_commands_update lists them.
func availableCommands() []sdk.AvailableCommand {
	out := make([]sdk.AvailableCommand, 0, len(slashCommands))
	for _, c := range slashCommands {
		ac := sdk.AvailableCommand{Name: c.name, Description: c.desc}
		if c.hint != "" {
			ac.Input = &sdk.AvailableCommandInput{Unstructured: &sdk.UnstructuredCommandInput{Hint: c.hint}}
		}
		out = append(out, ac)
	}
	return out
}

// slashCommand splits a prompt that is one of the commands into its name
// and argument; ok is false for any other text (which is sent as it is).
func slashCommand(text string) (name, arg string, ok bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "/") {
		return "", "", false
	}
	name, arg, _ = strings.Cut(t[1:], " ")
	for _, c := range slashCommands {
		if c.name == name {
			return name, strings.TrimSpace(arg), true
		}
	}
	return "", "", false
}

// command runs a slash command: a follow-up is a turn like a prompt; the
// others answer in words and end the turn.
func (s *session) command(ctx context.Context, name, arg string) (sdk.PromptResponse, error) {
	if name == "followup" {
		if arg == "" {
			return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": "/followup needs the message: /followup TEXT"})
		}
		return s.prompt(ctx, client.OpFollowUp, arg)
	}
	cctx, cancel := context.WithTimeout(ctx, s.a.cfg.RequestTimeout)
	defer cancel()
	words, err := s.run(cctx, name, arg)
	if err != nil {
		var u usageError
		if asUsage(err, &u) {
			return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": string(u)})
		}
		return sdk.PromptResponse{}, s.a.refusal(err, s.fundingNow())
	}
	s.update(sdk.UpdateAgentMessageText(words))
	return sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn}, nil
}

// run carries out a command that answers in words.
func (s *session) run(ctx context.Context, name, arg string) (string, error) {
	switch name {
	case "steer":
		if arg == "" {
			return "", usage("/steer needs the text: /steer TEXT")
		}
		if err := s.ensureLease(ctx); err != nil {
			return "", err
		}
		if _, err := s.c.Steer(ctx, s.id, arg); err != nil {
			return "", err
		}
		return "Steered: the agent reads it after the turn it is in.", nil
	case "policy":
		return s.setPolicy(ctx, arg)
	case "takeover":
		if err := s.claim(ctx, true); err != nil {
			return "", err
		}
		return "This editor drives the session now.", nil
	case "release":
		if err := s.release(ctx); err != nil {
			return "", err
		}
		return "Lease released: this editor no longer drives (a prompt takes it again when it is free).", nil
	case "rename":
		var title *string
		if arg != "" {
			title = &arg
		}
		sum, err := s.c.Rename(ctx, s.id, title)
		if err != nil {
			return "", err
		}
		return "Renamed: " + sum.DisplayTitle(), nil
	case "budget":
		return s.budgetWords(), nil
	}
	return "", usage("unknown command /" + name)
}

// setPolicy shows the room policy, or sets it.
func (s *session) setPolicy(ctx context.Context, arg string) (string, error) {
	if arg == "" {
		s.mu.Lock()
		p := s.policy
		s.mu.Unlock()
		return "The room policy is " + orText(p, client.DefaultRoomPolicy) + " (/policy observe | mute | suggest | co-drive sets it).", nil
	}
	switch arg {
	case client.PolicyObserve, client.PolicyMute, client.PolicySuggest, client.PolicyCoDrive:
	default:
		return "", usage(fmt.Sprintf("%q is not a room policy: give observe, mute, suggest or co-drive", arg))
	}
	if err := s.ensureLease(ctx); err != nil {
		return "", err
	}
	p, err := s.c.SetRoomPolicy(ctx, s.id, arg)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	s.policy = p
	s.mu.Unlock()
	return "The room policy is " + p + " now.", nil
}

// budgetWords says the run budget and what the last run used.
func (s *session) budgetWords() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("Run budget: %d turns, $%.2f a run. The last run used %d turns, $%.4f.",
		s.budget.MaxTurns, s.budget.MaxCostUSD, s.usage.Turns, s.usage.CostUSD)
}

// usageError is a command used wrongly: said as invalid params.
type usageError string

func (u usageError) Error() string { return string(u) }

func usage(msg string) error { return usageError(msg) }

func asUsage(err error, u *usageError) bool {
	v, ok := err.(usageError)
	if ok {
		*u = v
	}
	return ok
}
