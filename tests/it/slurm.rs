//! A sharded count run as a real Slurm array job: the test starts a
//! one-node cluster of its own (Debian's munged, slurmctld and slurmd, with
//! a minimal configuration and every file under a scratch directory),
//! submits the documented job file (`examples/cluster/count.sbatch`) as an
//! array, adds up the shards' result files and compares the sum with the
//! one-process count.
//!
//! CI installs Slurm and munge (Debian's `slurm-wlm` and `munge`). Without
//! them, or where the daemons cannot start, the test fails and prints why,
//! rather than passing untried.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::*;

/// A one-node cluster under a scratch directory, shut down when dropped.
struct Cluster {
    dir: ScratchDir,
}

impl Cluster {
    fn conf(&self) -> String {
        self.dir.join("slurm.conf").display().to_string()
    }

    /// A Slurm command run against this cluster.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", self.conf());
        command
    }

    fn start() -> Result<Cluster, String> {
        for program in ["munged", "slurmctld", "slurmd", "sbatch", "sinfo"] {
            if Command::new("which")
                .arg(program)
                .output()
                .map_or(true, |o| !o.status.success())
            {
                return Err(format!(
                    "{program} is not installed: apt-get install slurm-wlm munge"
                ));
            }
        }
        let me = text(
            &Command::new("id")
                .arg("-u")
                .output()
                .map_err(|e| e.to_string())?,
        );
        if me.trim() != "0" {
            return Err("slurmd must run as root to start jobs, and this test is not root".into());
        }
        let dir = scratch("slurm");
        let cluster = Cluster { dir };
        let path = |name: &str| cluster.dir.join(name).display().to_string();
        for sub in ["munge", "state", "spool", "log"] {
            std::fs::create_dir_all(path(sub)).map_err(|e| e.to_string())?;
        }
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path("munge"), std::fs::Permissions::from_mode(0o700))
            .map_err(|e| e.to_string())?;
        let key: Vec<u8> = (0..1024u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        std::fs::write(path("munge/munge.key"), key).map_err(|e| e.to_string())?;
        std::fs::set_permissions(
            path("munge/munge.key"),
            std::fs::Permissions::from_mode(0o400),
        )
        .map_err(|e| e.to_string())?;
        let socket = path("munge/munge.sock");
        check(
            "munged",
            Command::new("munged")
                .arg("--force")
                .arg(format!("--key-file={}", path("munge/munge.key")))
                .arg(format!("--socket={socket}"))
                .arg(format!("--pid-file={}", path("munge/munged.pid")))
                .arg(format!("--log-file={}", path("munge/munged.log")))
                .arg(format!("--seed-file={}", path("munge/munged.seed")))
                .output(),
        )?;
        let host = text(
            &Command::new("hostname")
                .arg("-s")
                .output()
                .map_err(|e| e.to_string())?,
        )
        .trim()
        .to_string();
        // Ports of this test run's own, away from a real cluster's 6817-6818.
        let port = 20000 + (std::process::id() % 10000) * 2;
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let conf = format!(
            "ClusterName=cruciverbtest\nSlurmctldHost={host}\nSlurmctldPort={port}\nSlurmdPort={}\n\
             AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket={socket}\n\
             SlurmUser=root\nSlurmdUser=root\nStateSaveLocation={}\nSlurmdSpoolDir={}\n\
             SlurmctldPidFile={}\nSlurmdPidFile={}\nSlurmctldLogFile={}\nSlurmdLogFile={}\n\
             ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSelectType=select/cons_tres\n\
             SelectTypeParameters=CR_Core\nMpiDefault=none\nSwitchType=switch/none\n\
             JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n\
             ReturnToService=2\nNodeName={host} CPUs={cpus} RealMemory=1000 State=UNKNOWN\n\
             PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
            port + 1,
            path("state"),
            path("spool"),
            path("slurmctld.pid"),
            path("slurmd.pid"),
            path("log/slurmctld.log"),
            path("log/slurmd.log"),
        );
        std::fs::write(cluster.conf(), conf).map_err(|e| e.to_string())?;
        check(
            "slurmctld",
            cluster
                .command("slurmctld")
                .args(["-f", &cluster.conf()])
                .output(),
        )?;
        check(
            "slurmd",
            cluster
                .command("slurmd")
                .args(["-f", &cluster.conf()])
                .output(),
        )?;
        let started = Instant::now();
        loop {
            let state = cluster.command("sinfo").args(["-h", "-o", "%t"]).output();
            if state.as_ref().is_ok_and(|o| text(o).trim() == "idle") {
                return Ok(cluster);
            }
            if started.elapsed() > Duration::from_secs(30) {
                return Err(format!(
                    "the node did not come up in 30 s (sinfo: {:?}); slurmctld log:\n{}\nslurmd log:\n{}",
                    state.map(|o| text(&o)),
                    std::fs::read_to_string(path("log/slurmctld.log")).unwrap_or_default(),
                    std::fs::read_to_string(path("log/slurmd.log")).unwrap_or_default()
                ));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.command("scontrol").arg("shutdown").output();
        if let Ok(pid) = std::fs::read_to_string(self.dir.join("munge/munged.pid")) {
            let _ = Command::new("kill").arg(pid.trim()).output();
        }
        // The daemons let go of their files before the directory goes.
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn check(what: &str, out: std::io::Result<Output>) -> Result<(), String> {
    match out {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(format!(
            "{what} did not start: {}",
            String::from_utf8_lossy(&o.stderr)
        )),
        Err(e) => Err(format!("{what} did not start: {e}")),
    }
}

#[test]
fn a_sharded_count_runs_as_a_slurm_array_job() {
    let cluster = match Cluster::start() {
        Ok(cluster) => cluster,
        Err(why) => panic!("cannot start a one-node Slurm cluster here: {why}"),
    };
    let dir = &cluster.dir;
    // The documented job file itself, with options for a 2-core node and
    // this build's binary: two shards, one CPU each, so both run at once.
    let job =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/cluster/count.sbatch");
    let submitted = cluster
        .command("timeout")
        .args([
            "300",
            "sbatch",
            "--wait",
            "--array=1-2",
            "--cpus-per-task=1",
            "--mem=100M",
        ])
        .arg(format!("--chdir={}", dir.join("").display()))
        .arg(format!(
            "--export=ALL,SIZE=11,WORK={},CRUCIVERB={}",
            dir.join("work").display(),
            bin().display()
        ))
        .arg(&job)
        .output()
        .unwrap();
    let logs = || {
        (1..=2)
            .map(|k| {
                std::fs::read_to_string(dir.join(&format!("count.{k}.log"))).unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        submitted.status.success(),
        "{}\n{}",
        stderr(&submitted),
        logs()
    );
    let files: Vec<String> = (1..=2)
        .map(|k| dir.join(&format!("count.{k}.txt")).display().to_string())
        .collect();
    assert!(files.iter().all(|f| Path::new(f).exists()), "{}", logs());
    let summed = run(&["patterns", "sum", &files[0], &files[1]]);
    assert!(summed.status.success(), "{}", stderr(&summed));
    let whole = run(&["patterns", "--size", "11", "--count"]);
    assert_eq!(stdout(&summed), stdout(&whole));
    assert_eq!(stdout(&whole).trim(), "17438702");
}
