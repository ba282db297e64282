// Package statefile reads and writes the files vehicle keeps: the drafts,
// the visitor id and the other state under the state folder, the
// configuration file, and exports. Its rules, the same everywhere:
//
//   - A file is written whole or not at all: to a temporary file in the same
//     folder, synced to the disk, then renamed over the old one, and the
//     folder synced (Write, WriteFile). A full disk, a crash or two writers
//     at once leave the old file or the new one, never a mix or a part; a
//     failure says what happened and that the old file is kept.
//   - A private folder is ours and 0700 (PrivateDir); a private file is ours
//     and 0600 (ReadPrivate makes a looser one 0600). A folder or file of
//     another user is refused: another local user who made the folder first
//     could otherwise plant a file for us to load, or a link for us to write
//     through.
//   - No symbolic link is followed, in place of a folder or a file: a read
//     opens with O_NOFOLLOW, a write renames over the link itself.
//   - A read is bounded (a link to /dev/zero, or a huge file, costs nothing)
//     and never blocks (a FIFO is refused, not waited on).
//
// On Windows, where files have ACLs rather than owners and modes, the owner
// and mode checks are skipped; links and sizes are checked the same way.
//
// The atomic write is written here, not taken from
// github.com/google/renameio/v2 (v2.0.2 read): renameio syncs the file but
// not its folder after the rename (the new name may not outlive a crash),
// has no write that keeps an existing file (Keep), and builds only outside
// Windows; the private folders and the reads are not its job either way.
package statefile
