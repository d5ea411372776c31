// Extensions of files that are binary in practice: listed, never read as text. Content that
// slips through (a NUL byte in the first 8 KiB) is caught when the file is read.
const BINARY = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp avif tif tiff psd xcf heic raw cr2 nef svgz ' +
    'pdf doc docx xls xlsx ppt pptx odt ods odp epub mobi ' +
    'zip gz tgz bz2 xz zst lz4 7z rar tar jar war ear aar apk ipa xpi crx vsix nupkg whl egg ' +
    'exe dll so dylib o a lib obj pdb ilk exp class pyc pyo pyd elc beam wasm node bin dat ' +
    'woff woff2 ttf otf eot fon ' +
    'mp3 mp4 m4a m4v mov avi mkv webm wav flac ogg oga opus aac wma wmv flv mpg mpeg mid midi ' +
    'sqlite sqlite3 db mdb accdb dbf parquet avro orc feather arrow npy npz pkl pickle h5 hdf5 ' +
    'iso img dmg pkg deb rpm msi cab snap appimage ' +
    'p12 pfx jks keystore der ' +
    'blend fbx glb stl 3ds max unity3d unitypackage ' +
    'pack idx rlib rmeta swf fla dex odex ttc'
  ).split(' '),
);

export function isBinaryByName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  return BINARY.has(name.slice(dot + 1).toLowerCase());
}
