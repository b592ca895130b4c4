; Inno Setup script for the Windows installer: python packaging/build.py --installer runs
;   iscc /DAppVersion=... /DAppId=... /DSourceDir=dist\Tresham /DIconFile=... /DOutputDir=dist
;        /DOutputBase=... packaging\windows\tresham.iss
; Installs per user by default (no administrator needed; the dialog offers all users), adds a
; Start menu entry, and offers Tresham under "Open with" for saved games. Windows matches only a
; file's last extension, so a save (name.tresham.json) is a .json file to it: Tresham is added to
; .json's OpenWithProgids without taking over the default program for JSON.
; Settings and autosaves go to %APPDATA% and %LOCALAPPDATA% (tresham.userdata), never {app}.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef AppId
  #define AppId "org.tresham.Tresham"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\Tresham"
#endif
#ifndef IconFile
  #define IconFile "..\..\resources\icons\tresham.ico"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef OutputBase
  #define OutputBase "Tresham-" + AppVersion + "-setup"
#endif
#define ProgId "Tresham.Game"

[Setup]
AppId={#AppId}
AppName=Tresham
AppVersion={#AppVersion}
AppPublisher=The Tresham authors
AppComments=Play 18xx railroad games at one table
DefaultDirName={autopf}\Tresham
DefaultGroupName=Tresham
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir={#OutputDir}
OutputBaseFilename={#OutputBase}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\Tresham.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tresham"; Filename: "{app}\Tresham.exe"
Name: "{autodesktop}\Tresham"; Filename: "{app}\Tresham.exe"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Registry]
; HKA is HKCU for a per-user install and HKLM for an all-users one.
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "Tresham game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\Tresham.exe,0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\Tresham.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Applications\Tresham.exe\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\Tresham.exe"; Description: "{cm:LaunchProgram,Tresham}"; Flags: nowait postinstall skipifsilent
