package main

import (
	"context"
	"fmt"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui/reader"
)

// runReader runs the screen-reader mode on the settings the TUI would use:
// plain lines on the terminal (or a pipe), read and written a line at a
// time.
func (a *app) runReader(ctx context.Context, f config.Flags, n tuiFlags, file config.File, watch bool) error {
	cfg, err := a.tuiConfig(f, n, file, watch)
	if err != nil {
		return err
	}
	err = reader.Run(ctx, reader.Config{
		Client: cfg.Client, In: a.In, Out: a.Out,
		SessionID: cfg.SessionID, New: cfg.New, NewSession: cfg.NewSession,
		Watch: cfg.Watch, NoClaim: cfg.NoClaim, ClaimTTL: cfg.ClaimTTL, Chime: cfg.Chime,
		ModelKeyEnv: cfg.ModelKeyEnv, SaveModelKey: cfg.SaveModelKey,
	})
	if err != nil {
		return fmt.Errorf("the screen-reader mode stopped: %w", err)
	}
	return nil
}

// screenReaderUsage is the --screen-reader flag's help.
const screenReaderUsage = "the screen-reader mode: plain labelled lines, numbered menus, commands typed as lines (or VEHICLE_SCREEN_READER=1)"

// demoReader runs the screen-reader mode on the demo's session.
func (a *app) demoReader(ctx context.Context, c *client.Client, id string) error {
	fmt.Fprintln(a.Out, "demo: try a prompt; #tool, #slow, #hold, #fail or #long 20 pick other paths. /quit leaves.")
	if err := reader.Run(ctx, reader.Config{Client: c, SessionID: id, In: a.In, Out: a.Out}); err != nil {
		return fmt.Errorf("the screen-reader mode stopped: %w", err)
	}
	return nil
}
