fn main() -> std::process::ExitCode {
    ropkit::cli::main()
}
